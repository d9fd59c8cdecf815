import type { BlockFiles } from "../form/block-removal";
import { documentsRuntime } from "./documents-runtime";
import { leaveContext } from "./leave-context";
import { checkLeaveFiles, deleteTabFiles } from "./leave-tab";

// A removed repeated block's files (issue 37, point 9), checked and deleted as a left tab's are,
// with no undo: the removal asked first and named them.

export const blockFiles: BlockFiles = {
  async check(keys) {
    const owner = documentsRuntime.owner;
    if (!owner) return { busy: false, names: keys.map(() => null) };
    const checked = await checkLeaveFiles(leaveContext(owner), keys);
    return checked.busy ? checked : { busy: false, names: checked.files.map((file) => file.name) };
  },
  async delete(keys) {
    const owner = documentsRuntime.owner;
    if (!owner) return;
    await deleteTabFiles(leaveContext(owner), keys, Date.now());
    await documentsRuntime.sendWaiting();
  },
};
