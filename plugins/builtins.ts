/** The built-in plugins, loaded through the same path as third-party ones. */
import json from "./json/index.js";
import yaml from "./yaml/index.js";
import toml from "./toml/index.js";
import typescript from "./typescript/index.js";
import schemaJson from "./schema-json/index.js";
import type { JssonPlugin } from "../core/plugin/index.js";

export const BUILTIN_PLUGINS: readonly JssonPlugin[] = [json, yaml, toml, typescript, schemaJson];
