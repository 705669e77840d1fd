// A plugin that misbehaves on request (bench/attack/plugins.mjs loads it into a real server):
// its `evaluated` tap reads the top-level key `attack` and spins, exits its thread, throws later,
// holds external memory or JavaScript memory, or blocks in Atomics.wait.
const held = [];
export default {
  name: "jsson-plugin-hostile-probe",
  version: "1.0.0",
  apiVersion: 3,
  apply(host) {
    host.hooks.evaluated.tap("hostile-probe", (value) => {
      const i = value.keys?.indexOf("attack") ?? -1;
      const what = i >= 0 ? value.values[i] : undefined;
      if (what === "spin") for (;;);
      if (what === "exit") process.exit(3);
      if (what === "throw later") setTimeout(() => { throw new Error("thrown later by a plugin"); }, 0);
      if (what === "external memory") held.push(Buffer.alloc(400 * 1024 * 1024, 1));
      if (what === "heap memory") for (;;) held.push(new Array(1e6).fill(1.5));
      if (what === "wait") Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0);
      if (what === "throw") throw new Error("thrown by a plugin");
      return value;
    });
  },
};
