/**
 * The JSSON extension: starts `jsson lsp` (the command is configurable) as
 * a language client over stdio for `.jsson` documents. Highlighting comes
 * from the TextMate grammar; everything else from the server.
 */
import { workspace, type ExtensionContext } from "vscode";
import { LanguageClient, TransportKind, type LanguageClientOptions, type ServerOptions } from "vscode-languageclient/node";

let client: LanguageClient | undefined;

/** Called by VS Code when a JSSON document is opened. */
export async function activate(context: ExtensionContext): Promise<void> {
  const config = workspace.getConfiguration("jsson");
  const command = config.get<string>("server.command", "jsson");
  const args = [...config.get<string[]>("server.args", []), "lsp"];
  const serverOptions: ServerOptions = { command, args, transport: TransportKind.stdio };
  const clientOptions: LanguageClientOptions = {
    documentSelector: [{ language: "jsson" }],
    synchronize: { fileEvents: workspace.createFileSystemWatcher("**/{*.jsson,jsson.config.json}") },
  };
  client = new LanguageClient("jsson", "JSSON language server", serverOptions, clientOptions);
  context.subscriptions.push(
    workspace.onDidChangeConfiguration(async (e) => {
      if (e.affectsConfiguration("jsson.server")) {
        await deactivate();
        await activate(context);
      }
    }),
  );
  await client.start();
}

/** Called by VS Code on shutdown: stops the server. */
export async function deactivate(): Promise<void> {
  const c = client;
  client = undefined;
  await c?.stop();
}
