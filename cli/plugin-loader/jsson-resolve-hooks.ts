/**
 * Module resolution hooks (registered with `module.register` by
 * `share-jsson.ts`, one registration per thread): a plugin's imports of
 * `jsson`, `jsson/plugin` and `jsson/package.json` resolve to the jsson that
 * is loading it.
 *
 * Why: a plugin declares jsson as a peer dependency, so the project usually
 * holds its own copy (npm installs peers), while the running jsson may be
 * another one (a global install, a checkout). Two copies mean two sets of
 * value classes, and a plugin's `instanceof ObjectValue` or `kindOf` would
 * silently misread the tree it is given. Redirecting the few public
 * specifiers keeps one copy in play; a plugin in a bare folder with no jsson
 * beside it works too. webpack solves the same problem by handing plugins
 * `compiler.webpack`.
 */
import type { InitializeHook, ResolveHook } from "node:module";

/** What `register` passes: public specifier → `file:` URL of the running jsson's module. */
export interface SharedJssonData {
  readonly targets: Readonly<Record<string, string>>;
}

let targets: Readonly<Record<string, string>> = {};

/** Receives the specifier map. */
export const initialize: InitializeHook<SharedJssonData> = (data) => {
  targets = data.targets;
};

/** Redirects the running jsson's public specifiers; everything else resolves as usual. */
export const resolve: ResolveHook = (specifier, context, next) => {
  const url = Object.hasOwn(targets, specifier) ? targets[specifier] : undefined;
  return url === undefined ? next(specifier, context) : { url, shortCircuit: true };
};
