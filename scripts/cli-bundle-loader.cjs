// Runs the CLI bundle (dist/cli-bundle/cli.cjs) with V8's code cache.
// scripts/build-cli.mjs copies this file into the bundle as load.cjs, which
// bin/jsson.js requires, and uses it to write the cache at build time.
//
// Why: most of a small transpile's start-up is V8 compiling the bundle's
// functions (parser, evaluator, emitter) the first time they run. The cache
// (cli.cache, written by the build after a sample run) holds their compiled
// bytecode; V8 checks that it matches this Node's V8 version and flags and
// the source's length, and silently compiles as usual when it does not (a
// different Node, NODE_OPTIONS flags). Node 22's module.enableCompileCache
// does this for every module; Node 20 only offers vm.Script's cachedData,
// hence CommonJS and this loader (CommonJS too: an ES module here would
// start Node's ES module loader, a few ms of its own).
//
// The module is registered in require.cache, so that a second load in the
// same thread (the build's warm-up runs several commands) reuses it.
"use strict";
const { readFileSync } = require("node:fs");
const Module = require("node:module");
const { join } = require("node:path");
const { Script } = require("node:vm");

const file = join(__dirname, "cli.cjs");
const cacheFile = join(__dirname, "cli.cache");

/**
 * Node's CommonJS wrapper plus `__jssonImport`: Node 20 cannot run `import()`
 * in code compiled from a code cache, so the build turns each `import()` of
 * the bundle into a call of this parameter (scripts/build-cli.mjs).
 */
const WRAPPER = ["(function (exports, require, module, __filename, __dirname, __jssonImport) { ", "\n});"];

/** `import()` from this file, beside cli.cjs: specifiers resolve as they would from the bundle. */
const importer = (specifier) => import(specifier);

/**
 * Load cli.cjs (once per thread: later calls return the same exports).
 * @returns {{ exports: any, cacheRejected: boolean | undefined, createCachedData: () => Buffer }}
 *   `cacheRejected`: whether V8 refused the cache (`undefined`: there was none, or the bundle was loaded already)
 */
function loadCliBundle() {
  const cache = require.cache;
  const loaded = cache[file];
  if (loaded?.loaded) return { exports: loaded.exports, cacheRejected: undefined, createCachedData: () => Buffer.alloc(0) };
  let cachedData;
  try {
    cachedData = readFileSync(cacheFile);
  } catch {
    cachedData = undefined; // no cache: compile as usual
  }
  const script = new Script(WRAPPER[0] + readFileSync(file, "utf8") + WRAPPER[1], { filename: file, cachedData });
  const mod = new Module(file, module);
  mod.filename = file;
  cache[file] = mod;
  try {
    script.runInThisContext().call(mod.exports, mod.exports, Module.createRequire(file), mod, file, __dirname, importer);
  } catch (e) {
    delete cache[file];
    throw e;
  }
  mod.loaded = true;
  return { exports: mod.exports, cacheRejected: cachedData === undefined ? undefined : script.cachedDataRejected, createCachedData: () => script.createCachedData() };
}

module.exports = { loadCliBundle };
