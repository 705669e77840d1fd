/**
 * `node --import <this file>`: lets the example plugin's own tests, run in
 * place, import `jsson` and `jsson/plugin` without an `npm install` in its
 * folder (the same redirect jsson applies when it loads plugins).
 */
import { shareJssonWithPlugins } from "../../cli/plugin-loader/share-jsson.js";

shareJssonWithPlugins();
