// Issue #29: docs/library.md is true of the package a user installs: every
// program of the guide (library-guide.ts) runs in a project that installed
// the packed tarball (`npm install jsson-x.y.z.tgz`, packed-install.ts).
// The unit lane runs the same programs against the repository itself
// (library-guide.test.ts); this file adds what only an install can break:
// a file the guide's programs need missing from the tarball, or a
// dependency that is not a production one.
import { test } from "uvu";
import { installOnce } from "./packed-install.js";
import { testGuidePrograms } from "./library-guide.js";

testGuidePrograms("the packed tarball installed", async () => (await installOnce("npm")).root);

test.run();
