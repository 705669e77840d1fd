/**
 * The jsson language server (`jsson lsp`): LSP over a pair of streams,
 * built on vscode-languageserver. Each open document is evaluated by the
 * engine after a pause in typing (diagnostics, values for hovers), in a
 * thread of its own (evaluation-queue.ts): an edit cancels the document's
 * evaluation, and requests never wait for one. The editor features read
 * the document's syntax tree (its tokens and outline) on this thread, which
 * a broken document still has; formatting is `jsson fmt`'s formatSource.
 * See docs/editors.md.
 */
import { fileURLToPath, pathToFileURL } from "node:url";
import { CodeActionKind, createConnection, ProposedFeatures, TextDocuments, TextDocumentSyncKind, type Connection, type Diagnostic as LspDiagnostic, type InitializeResult, type Location } from "vscode-languageserver/node";
import { TextDocument } from "vscode-languageserver-textdocument";
import { completionsAt } from "./completion-items.js";
import { diagnoseOutcome } from "./document-diagnostics.js";
import { DocumentState } from "./document-state.js";
import { DocumentPreparation } from "./document-preparation.js";
import { formattingEdits } from "./document-formatting.js";
import { documentSymbols } from "./document-symbols.js";
import { foldingRanges } from "./folding-ranges.js";
import { hoverAt } from "./hover-info.js";
import { EvaluationQueue, type JobOutcome, type PreparedJob } from "./evaluation-queue.js";
import { definitionAt } from "./navigation.js";
import { referencesAcrossFiles } from "./cross-file-references.js";
import { OverlayHost } from "./overlay-host.js";
import { prepareRenameAt, renameAt } from "./rename-symbol.js";
import { SEMANTIC_LEGEND, semanticTokens } from "./semantic-tokens.js";
import { readSchemaAssociations, schemaFor, type SchemaAssociation } from "./workspace-schemas.js";
import { warningFixes } from "./warning-fixes.js";

/** Pause after the last edit before a document is evaluated again. */
export const DIAGNOSTICS_DEBOUNCE_MS = 150;

/** The custom request a client reads the evaluation counts and the server's memory with (docs/editors.md). */
export const EVALUATION_STATS_REQUEST = "jsson/evaluationStats";

/** Start a server on `input`/`output` (stdio for `jsson lsp`). Resolves when the client has sent `exit`. */
export function startLspServer(input: NodeJS.ReadableStream, output: NodeJS.WritableStream): Promise<void> {
  const connection: Connection = createConnection(ProposedFeatures.all, input, output);
  const documents = new TextDocuments(TextDocument);
  const states = new Map<string, DocumentState>();
  const timers = new Map<string, NodeJS.Timeout>();
  const own = new Map<string, LspDiagnostic[]>();
  /** Diagnostics placed in a file by the documents that include it: target URI → includer URI → list. */
  const fromIncluders = new Map<string, Map<string, LspDiagnostic[]>>();
  let root: string | undefined;
  let associations: SchemaAssociation[] = [];

  const pathOf = (uri: string): string | undefined => {
    if (!uri.startsWith("file:")) return undefined;
    try {
      return fileURLToPath(uri);
    } catch {
      return undefined; // a file: URI with a host, or otherwise not a local path
    }
  };
  // An open document keeps the URI its client gave (clients encode paths in their own way); other files get a file: URL.
  const uriOf = (path: string): string => documents.all().find((d) => pathOf(d.uri) === path)?.uri ?? pathToFileURL(path).href;
  const openText = (path: string): string | undefined => documents.all().find((d) => pathOf(d.uri) === path)?.getText();
  const host = new OverlayHost(openText);

  const stateOf = (uri: string): DocumentState | undefined => {
    const doc = documents.get(uri);
    if (doc === undefined) return undefined;
    let s = states.get(uri);
    if (s === undefined || s.document !== doc || s.version !== doc.version) {
      s = new DocumentState(doc, s);
      states.set(uri, s);
    }
    return s;
  };

  const preparation = new DocumentPreparation(stateOf);

  const openStates = (): DocumentState[] => documents.keys().flatMap((uri) => stateOf(uri) ?? []);

  const publish = (uri: string): void => {
    const list = [...(own.get(uri) ?? [])];
    for (const l of fromIncluders.get(uri)?.values() ?? []) list.push(...l);
    void connection.sendDiagnostics({ uri, diagnostics: list });
  };

  const finished = (uri: string, job: PreparedJob, outcome: JobOutcome): void => {
    if (outcome.error !== undefined) connection.console.error(`jsson lsp: evaluating ${uri} failed: ${outcome.error}`);
    const state = stateOf(uri);
    if (state === undefined) return; // closed meanwhile
    if (outcome.previews !== undefined) state.previews = { byPath: new Map(outcome.previews), stale: state.version !== job.version };
    // a failed evaluation sends no previews: the ones shown are of an earlier text
    else if (outcome.evaluated?.ok !== true && state.previews !== undefined) state.previews = { byPath: state.previews.byPath, stale: true };
    const result = diagnoseOutcome(uriOf, uri, job, outcome);
    own.set(uri, result.own);
    publish(uri);
    // Replace what this document placed in its included files.
    const touched = new Set<string>();
    for (const [target, perIncluder] of fromIncluders) if (perIncluder.delete(uri)) touched.add(target);
    for (const [file, list] of result.included) {
      const target = uriOf(file);
      let perIncluder = fromIncluders.get(target);
      if (perIncluder === undefined) fromIncluders.set(target, (perIncluder = new Map()));
      perIncluder.set(uri, list);
      touched.add(target);
    }
    for (const target of touched) publish(target);
  };

  const queue = new EvaluationQueue({
    prepare: (uri) => {
      const state = stateOf(uri);
      if (state === undefined) return undefined;
      const path = pathOf(uri);
      const schemaPath = root === undefined || path === undefined ? undefined : schemaFor(associations, root, path)?.schemaPath;
      return { version: state.version, text: state.text, path, schemaPath };
    },
    *openFiles() {
      for (const d of documents.all()) {
        const path = pathOf(d.uri);
        if (path !== undefined) yield { path, text: () => d.getText() };
      }
    },
    finished: (uri, job, outcome) => {
      try {
        finished(uri, job, outcome);
      } catch (e) {
        // A bug, not the user's input (the engine collects user errors): say so and keep serving.
        connection.console.error(`jsson lsp: publishing ${uri} failed: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
      }
    },
    log: (message) => connection.console.error(message),
  });

  // the thread loads the engine while the client initializes
  queue.warmUp();

  /** An edit (or a change on disk) makes `uri`'s running evaluation moot: stop it, and evaluate again after `delay` (never: closed). */
  const schedule = (uri: string, delay: number | undefined): void => {
    clearTimeout(timers.get(uri));
    timers.delete(uri);
    queue.cancel(uri);
    // at once: the evaluation thread starts on the text before this thread builds its tree ahead
    if (delay === 0) return queue.request(uri);
    if (delay === undefined) return;
    const later = setTimeout(() => {
      timers.delete(uri);
      queue.request(uri);
    }, delay);
    timers.set(uri, later);
  };

  const loadAssociations = (): void => {
    if (root === undefined) return;
    const r = readSchemaAssociations(root);
    associations = r.associations;
    if (r.problem !== undefined) connection.console.warn(r.problem);
  };

  connection.onInitialize((params): InitializeResult => {
    const folder = params.workspaceFolders?.[0]?.uri ?? params.rootUri ?? undefined;
    root = folder === undefined || folder === null ? undefined : pathOf(folder);
    loadAssociations();
    return {
      capabilities: {
        textDocumentSync: TextDocumentSyncKind.Incremental,
        hoverProvider: true,
        definitionProvider: true,
        referencesProvider: true,
        renameProvider: { prepareProvider: true },
        completionProvider: { triggerCharacters: ['"', "/", "@", "."] },
        documentSymbolProvider: true,
        semanticTokensProvider: { legend: SEMANTIC_LEGEND, full: true },
        foldingRangeProvider: true,
        documentFormattingProvider: true,
        codeActionProvider: { codeActionKinds: [CodeActionKind.QuickFix] },
      },
      serverInfo: { name: "jsson" },
    };
  });

  // A document just opened is evaluated at once; edits wait for a pause in typing.
  // (TextDocuments fires onDidOpen, then onDidChangeContent, for an open.)
  const opening = new Set<string>();
  documents.onDidOpen((e) => void opening.add(e.document.uri));
  documents.onDidChangeContent((e) => {
    const uri = e.document.uri;
    const opened = opening.delete(uri);
    schedule(uri, opened ? 0 : DIAGNOSTICS_DEBOUNCE_MS);
    preparation.schedule(uri);
    if (opened) return;
    // Open documents that include this one see its unsaved text: evaluate them again too.
    for (const other of documents.keys()) if (other !== uri && (stateOf(other)?.outline.includes.length ?? 0) > 0) schedule(other, DIAGNOSTICS_DEBOUNCE_MS);
  });
  documents.onDidClose((e) => {
    const uri = e.document.uri;
    schedule(uri, undefined);
    states.delete(uri);
    own.delete(uri);
    for (const [target, perIncluder] of fromIncluders) if (perIncluder.delete(uri)) publish(target);
    publish(uri);
  });

  // The extension watches *.jsson and jsson.config.json: a changed config or file on disk can change any open document's outcome.
  connection.onDidChangeWatchedFiles(() => {
    loadAssociations();
    for (const uri of documents.keys()) schedule(uri, DIAGNOSTICS_DEBOUNCE_MS);
  });

  const withState = <T>(uri: string, f: (s: DocumentState) => T, none: T): T => {
    const s = stateOf(uri);
    return s === undefined ? none : f(s);
  };
  connection.onHover((p) => withState(p.textDocument.uri, (s) => hoverAt(s, s.document, s.document.offsetAt(p.position), { host, pathOf, uriOf }), null));
  connection.onDefinition((p) => withState<Location[]>(p.textDocument.uri, (s) => definitionAt(s, s.document.offsetAt(p.position), { host, pathOf, uriOf }), []));
  connection.onReferences((p) =>
    withState<Location[]>(p.textDocument.uri, (s) => referencesAcrossFiles(s, s.document.offsetAt(p.position), p.context.includeDeclaration, { host, pathOf, uriOf }, openStates), []),
  );
  connection.onPrepareRename((p) => withState(p.textDocument.uri, (s) => prepareRenameAt(s, s.document.offsetAt(p.position)), null));
  connection.onRenameRequest((p) => withState(p.textDocument.uri, (s) => renameAt(s, s.document.offsetAt(p.position), p.newName), null));
  connection.onCompletion((p) => withState(p.textDocument.uri, (s) => completionsAt(s, s.document.offsetAt(p.position), pathOf(p.textDocument.uri), { host, pathOf, uriOf }), []));
  connection.onDocumentSymbol((p) => withState(p.textDocument.uri, (s) => documentSymbols(s.document, s.outline), []));
  connection.onFoldingRanges((p) => withState(p.textDocument.uri, (s) => foldingRanges(s), []));
  connection.onDocumentFormatting((p) => withState(p.textDocument.uri, (s) => formattingEdits(s.document, s.text, p.options), []));
  connection.onCodeAction((p) => warningFixes(p));
  connection.onRequest(EVALUATION_STATS_REQUEST, () => {
    const m = process.memoryUsage();
    return { ...queue.snapshot(), preparation: preparation.counts, memory: { rss: m.rss, heapUsed: m.heapUsed } };
  });
  connection.languages.semanticTokens.on((p) => withState(p.textDocument.uri, (s) => ({ data: semanticTokens(s) }), { data: [] }));

  const exited = new Promise<void>((resolve) =>
    connection.onExit(() => {
      queue.dispose();
      preparation.dispose();
      resolve();
    }),
  );
  documents.listen(connection);
  connection.listen();
  return exited;
}
