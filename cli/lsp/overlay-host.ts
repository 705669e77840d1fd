/**
 * The include host of the language server: files as the editor has them.
 * An included file that is open reads as its unsaved text; any other is
 * read from disk through {@link NodeFsHost}.
 */
import { NodeFsHost, type HostResult, type IncludeHost } from "../../core/index.js";

export class OverlayHost implements IncludeHost {
  private readonly disk = new NodeFsHost({ maxFileBytes: 8 * 1024 * 1024 });

  /** @param openText the text of an open document by file path, or undefined */
  constructor(private readonly openText: (path: string) => string | undefined) {}

  resolve(path: string, from: string | undefined): HostResult<string> {
    return this.disk.resolve(path, from);
  }

  read(id: string): HostResult<string> {
    const open = this.openText(id);
    return open === undefined ? this.disk.read(id) : { ok: true, value: open };
  }
}
