import type { BlockFiles } from "../form/block-removal";
import { documentsRuntime } from "./documents-runtime";
import { leaveContext } from "./leave-context";
import { checkLeaveFiles, deleteTabFiles } from "./leave-tab";

// A removed repeated block's files (issue 37, point 9), checked and deleted as a left tab's are,
// with no undo: the removal asked first and named them.

export const blockFiles: BlockFiles = {
  async check(keys) {
    const owner = documentsRuntime.owner;
    if (!owner) return { busy: false, files: [] };
    return checkLeaveFiles(leaveContext(owner), keys);
  },
  async delete(keys) {
    const owner = documentsRuntime.owner;
    if (!owner) return;
    await deleteTabFiles(leaveContext(owner), keys, Date.now());
    await documentsRuntime.sendWaiting();
  },
};
