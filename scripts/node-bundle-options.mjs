// The esbuild options both of the package's Node bundles share (the CLI's,
// scripts/build-cli.mjs, and the serve worker's, scripts/build-serve-worker.mjs).
export const NODE_BUNDLE_OPTIONS = {
  bundle: true,
  platform: "node",
  target: "node20",
  // whitespace and syntax only: less to read and compile at start-up, while
  // names stay readable in the stack traces JSSON_DEBUG=1 prints
  minifyWhitespace: true,
  minifySyntax: true,
  sourcemap: false,
  legalComments: "eof",
  metafile: true,
  logLevel: "warning",
};
