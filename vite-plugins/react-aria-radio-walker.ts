import { readFile } from "node:fs/promises";
import type { Plugin } from "vite";

/**
 * A radio group's arrow keys use one function of React Aria's FocusScope module,
 * `getFocusableTreeWalker`; the rest of that module (the `FocusScope` component, focus containment
 * and restoration, the scopes' tree) is for overlays and collections, which load later. A module
 * goes into one file whole, so the radio group on /about's first screen brought all of it (2.8 KiB
 * brotli; issue 34, decision 0018). This plugin gives `useRadioGroup` a copy of the module of its
 * own, in which the scopes' tree is marked pure, so the build keeps of it only the walker and what
 * the walker calls; the overlays keep importing the real module, whose state the walker never
 * reads (it takes its scope as an argument).
 *
 * The plugin fails the build if React Aria's files no longer look as expected: an upgrade that
 * moves them must be looked at, not silently undo this.
 */
const IMPORTER = "react-aria/dist/private/radio/useRadioGroup.mjs";
const FOCUS_SCOPE = "../focus/FocusScope.mjs";
const COPY = "?radio-walker";
/** The scopes' tree, made at evaluation: the one statement that keeps the rest alive. */
const TREE = /^let (\$\w+\$export\$\w+) = new (\$\w+\$var\$Tree)\(\);$/m;

const normalise = (id: string) => id.replaceAll("\\", "/").split("?")[0] ?? id;

export function reactAriaRadioWalker(): Plugin {
  let copied = false;
  let sawImporter = false;
  return {
    name: "react-aria-radio-walker",
    enforce: "pre",
    apply: "build",
    async resolveId(source, importer) {
      if (!importer || !normalise(importer).endsWith(`node_modules/${IMPORTER}`)) return null;
      sawImporter = true;
      if (source !== FOCUS_SCOPE) return null;
      const real = await this.resolve(source, importer, { skipSelf: true });
      return real ? `${real.id}${COPY}` : null;
    },
    async load(id) {
      if (!id.endsWith(`FocusScope.mjs${COPY}`)) return null;
      const code = await readFile(id.slice(0, -COPY.length), "utf8");
      if (!TREE.test(code) || !/\S+ as getFocusableTreeWalker\b/.test(code)) {
        this.error(`react-aria-radio-walker: ${FOCUS_SCOPE} changed: look at it again`);
      }
      copied = true;
      return { code: code.replace(TREE, "let $1 = /*#__PURE__*/ new $2();"), map: null };
    },
    buildEnd(error) {
      if (error || !sawImporter || copied) return;
      this.error(`react-aria-radio-walker: ${IMPORTER} no longer imports ${FOCUS_SCOPE}`);
    },
  };
}
