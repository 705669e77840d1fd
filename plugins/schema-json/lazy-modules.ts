/**
 * The heavy validation libraries (ajv with its three dialect classes,
 * ajv-formats, re2js, and the YAML and TOML readers for schema documents),
 * loaded on first use. Every `createEngine()` applies
 * this plugin, so importing them eagerly would add a few hundred
 * milliseconds to every CLI run, with or without `-schema`. The plugin API is
 * synchronous, hence `require` (all three ship CommonJS builds) rather than
 * `import()`.
 */
import { createRequire } from "node:module";
import type * as AjvModule from "ajv";
import type * as Ajv2019Module from "ajv/dist/2019.js";
import type * as Ajv2020Module from "ajv/dist/2020.js";
import type * as Re2Module from "re2js";
import type * as JsYamlModule from "js-yaml";
import type * as SmolTomlModule from "smol-toml";

const load = createRequire(import.meta.url);

/** ajv-formats' plugin function. */
export type AddFormats = (ajv: AjvModule.Ajv) => unknown;

let ajv: typeof AjvModule | undefined;
let ajv2019: typeof Ajv2019Module | undefined;
let ajv2020: typeof Ajv2020Module | undefined;
let addFormats: AddFormats | undefined;
let re2: typeof Re2Module | undefined;

/** `ajv` (draft-07 class, codegen helpers). */
export function ajvModule(): typeof AjvModule {
  return (ajv ??= load("ajv") as typeof AjvModule);
}

/** `ajv/dist/2019` (the 2019-09 class). */
export function ajv2019Module(): typeof Ajv2019Module {
  return (ajv2019 ??= load("ajv/dist/2019") as typeof Ajv2019Module);
}

/** `ajv/dist/2020` (the 2020-12 class). */
export function ajv2020Module(): typeof Ajv2020Module {
  return (ajv2020 ??= load("ajv/dist/2020") as typeof Ajv2020Module);
}

/** ajv-formats' default export (CommonJS: the module itself is the function). */
export function addFormatsPlugin(): AddFormats {
  if (addFormats === undefined) {
    const m = load("ajv-formats") as AddFormats & { default?: AddFormats };
    addFormats = m.default ?? m;
  }
  return addFormats;
}

let jsYaml: typeof JsYamlModule | undefined;
let smolToml: typeof SmolTomlModule | undefined;

/** `js-yaml` (schema documents written in YAML). */
export function jsYamlModule(): typeof JsYamlModule {
  return (jsYaml ??= load("js-yaml") as typeof JsYamlModule);
}

/** `smol-toml` (schema documents written in TOML). */
export function smolTomlModule(): typeof SmolTomlModule {
  return (smolToml ??= load("smol-toml") as typeof SmolTomlModule);
}

/** `re2js`. */
export function re2Module(): typeof Re2Module {
  return (re2 ??= load("re2js") as typeof Re2Module);
}
