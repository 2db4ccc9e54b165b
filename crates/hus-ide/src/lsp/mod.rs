//! `hus lsp`: a language server over standard input and output (the `lsp` feature, which the
//! `cli` feature turns on). It speaks the Language Server Protocol with `lsp_server`'s message
//! types and `lsp_types`' structures, on a transport of its own ([`transport`]) that answers
//! malformed input with a JSON-RPC error and keeps running. What it says comes from
//! [`crate::ide`]: the diagnostics `hus check` reports, quick fixes, hover, completion, the
//! outline, folds, go to definition and formatting (reference §15).

pub mod convert;
mod edits;
pub mod transport;

use std::collections::HashMap;
use std::io::{BufRead, Write};
use std::path::PathBuf;
use std::sync::{mpsc, Arc};

use lsp_server::{ErrorCode, Notification, Request, RequestId};
use lsp_types as lt;
use serde_json::{json, Value};

use crate::check::CheckOptions;
use crate::diag::SourceFile;
use crate::ide::{self, position, Analysis};

use transport::Incoming;

/// The server's name and version, as `initialize` reports them.
pub const SERVER_NAME: &str = "hus";

/// One open document.
struct Document {
    uri: lt::Uri,
    version: i32,
    text: String,
    /// The file the `file://` URI names; `None` for another scheme (`untitled:`).
    path: Option<PathBuf>,
    /// The analysis of `text`, made when first needed after a change.
    analysis: Option<Arc<Analysis>>,
}

/// The server's state between messages.
pub struct Server {
    documents: HashMap<String, Document>,
    initialized: bool,
    shut_down: bool,
    /// `initializationOptions`: `defines` (as `hus check --define`) and `tableDirs` (as
    /// `--table-dir`).
    defines: Vec<String>,
    table_dirs: Vec<PathBuf>,
    /// Documents changed since their diagnostics were last published.
    dirty: Vec<String>,
    /// Analyses replaced by changes, freed after the next diagnostics are made.
    trash: Vec<Arc<Analysis>>,
    /// Messages to send, serialized (a large script's diagnostics are written straight to
    /// JSON text, not built as a `serde_json::Value` tree first).
    out: Vec<String>,
}

/// What handling a message asks of the loop.
enum Flow {
    Continue,
    Exit(i32),
}

impl Default for Server {
    fn default() -> Server {
        Server::new()
    }
}

impl Server {
    pub fn new() -> Server {
        Server {
            documents: HashMap::new(),
            initialized: false,
            shut_down: false,
            defines: Vec::new(),
            table_dirs: Vec::new(),
            dirty: Vec::new(),
            trash: Vec::new(),
            out: Vec::new(),
        }
    }

    /// Serves `input` until `exit` or the end of the input, writing to `output`; returns the
    /// process exit code: 0 after `shutdown` then `exit`, 1 on `exit` (or the end of the
    /// input) without `shutdown`.
    pub fn serve(
        mut self,
        input: impl BufRead + Send + 'static,
        mut output: impl Write,
    ) -> std::io::Result<i32> {
        // A reader thread, so that messages already sent are read while one is handled: a
        // burst of changes is applied at once and diagnosed once.
        let (tx, rx) = mpsc::channel::<Incoming>();
        std::thread::spawn(move || {
            let mut input = input;
            while let Ok(Some(m)) = transport::read(&mut input) {
                if tx.send(m).is_err() {
                    break;
                }
            }
        });
        while let Ok(first) = rx.recv() {
            let mut batch = vec![first];
            batch.extend(rx.try_iter());
            let (out, exit) = self.handle(batch);
            for m in &out {
                transport::write(&mut output, m)?;
            }
            output.flush()?;
            if let Some(code) = exit {
                return Ok(code);
            }
        }
        Ok(if self.shut_down { 0 } else { 1 })
    }

    /// Handles messages read together, then publishes the diagnostics of the documents they
    /// changed (once each); returns the messages to send, and the exit code when one of them
    /// was `exit`.
    pub fn handle(&mut self, batch: Vec<Incoming>) -> (Vec<String>, Option<i32>) {
        let mut exit = None;
        for m in batch {
            if let Flow::Exit(code) = self.incoming(m) {
                exit = Some(code);
                break;
            }
        }
        if exit.is_none() {
            self.publish_dirty();
        }
        let trash = std::mem::take(&mut self.trash);
        if !trash.is_empty() {
            std::thread::spawn(move || drop(trash));
        }
        (std::mem::take(&mut self.out), exit)
    }

    /// Sets aside an analysis a change replaced: freeing a large script's tree takes a while
    /// (a fifth of re-checking it), so it is done once the new diagnostics are made, on a
    /// thread of its own.
    fn discard(&mut self, analysis: Option<Arc<Analysis>>) {
        self.trash.extend(analysis);
    }

    fn incoming(&mut self, m: Incoming) -> Flow {
        let value = match m {
            Incoming::Json(v) => v,
            Incoming::BadJson(e) => {
                self.error(
                    Value::Null,
                    ErrorCode::ParseError,
                    format!("invalid JSON: {e}"),
                );
                return Flow::Continue;
            }
            Incoming::BadHeader(e) => {
                self.error(
                    Value::Null,
                    ErrorCode::ParseError,
                    format!("bad header: {e}"),
                );
                return Flow::Continue;
            }
        };
        let id = value.get("id").cloned().unwrap_or(Value::Null);
        let has_method = value.get("method").is_some_and(Value::is_string);
        if !has_method {
            // A response to a request of ours (we send none), or not a message at all.
            if !(value.get("result").is_some() || value.get("error").is_some()) {
                self.error(
                    id,
                    ErrorCode::InvalidRequest,
                    "not a JSON-RPC message".into(),
                );
            }
            return Flow::Continue;
        }
        if value.get("id").is_some() {
            match serde_json::from_value::<Request>(value) {
                Ok(req) => self.request(req),
                Err(e) => {
                    self.error(
                        id,
                        ErrorCode::InvalidRequest,
                        format!("invalid request: {e}"),
                    );
                    Flow::Continue
                }
            }
        } else {
            match serde_json::from_value::<Notification>(value) {
                Ok(n) => self.notification(n),
                Err(_) => Flow::Continue,
            }
        }
    }

    fn error(&mut self, id: Value, code: ErrorCode, message: String) {
        self.out.push(
            json!({
                "jsonrpc": "2.0",
                "id": id,
                "error": {"code": code as i32, "message": message},
            })
            .to_string(),
        );
    }

    fn notify(&mut self, method: &str, params: impl serde::Serialize) {
        #[derive(serde::Serialize)]
        struct Note<'a, P> {
            jsonrpc: &'static str,
            method: &'a str,
            params: P,
        }
        let note = Note {
            jsonrpc: "2.0",
            method,
            params,
        };
        if let Ok(text) = serde_json::to_string(&note) {
            self.out.push(text);
        }
    }

    fn request(&mut self, req: Request) -> Flow {
        let id = req.id.clone();
        if req.method == "initialize" {
            let result = if self.initialized {
                Err((ErrorCode::InvalidRequest, "already initialized".to_string()))
            } else {
                self.initialize(req.params)
            };
            self.reply(id, result);
            return Flow::Continue;
        }
        if !self.initialized {
            self.reply(
                id,
                Err((
                    ErrorCode::ServerNotInitialized,
                    "the server is not initialized".into(),
                )),
            );
            return Flow::Continue;
        }
        if self.shut_down {
            self.reply(
                id,
                Err((
                    ErrorCode::InvalidRequest,
                    "the server is shutting down".into(),
                )),
            );
            return Flow::Continue;
        }
        let result = match req.method.as_str() {
            "shutdown" => {
                self.shut_down = true;
                Ok("null".to_string())
            }
            "textDocument/hover" => self.with_params(req.params, Server::hover),
            "textDocument/completion" => self.with_params(req.params, Server::completion),
            "textDocument/codeAction" => self.with_params(req.params, Server::code_action),
            "textDocument/documentSymbol" => self.with_params(req.params, Server::symbols),
            "textDocument/foldingRange" => self.with_params(req.params, Server::folding),
            "textDocument/definition" => self.with_params(req.params, Server::definition),
            "textDocument/formatting" => self.with_params(req.params, Server::formatting),
            other => Err((
                ErrorCode::MethodNotFound,
                format!("unknown method `{other}`"),
            )),
        };
        self.reply(id, result);
        Flow::Continue
    }

    /// Answers a request: `result` is the result's JSON text.
    fn reply(&mut self, id: RequestId, result: Result<String, (ErrorCode, String)>) {
        let id = serde_json::to_string(&id).unwrap_or_else(|_| "null".into());
        self.out.push(match result {
            Ok(json) => format!(r#"{{"jsonrpc":"2.0","id":{id},"result":{json}}}"#),
            Err((code, message)) => format!(
                r#"{{"jsonrpc":"2.0","id":{id},"error":{}}}"#,
                json!({"code": code as i32, "message": message})
            ),
        });
    }

    /// Decodes the params and runs `f`; wrong params are InvalidParams.
    fn with_params<P: serde::de::DeserializeOwned, R: serde::Serialize>(
        &mut self,
        params: Value,
        f: impl FnOnce(&mut Server, P) -> Result<R, (ErrorCode, String)>,
    ) -> Result<String, (ErrorCode, String)> {
        let params: P = serde_json::from_value(params)
            .map_err(|e| (ErrorCode::InvalidParams, format!("invalid params: {e}")))?;
        let r = f(self, params)?;
        serde_json::to_string(&r).map_err(|e| (ErrorCode::InternalError, e.to_string()))
    }

    fn notification(&mut self, n: Notification) -> Flow {
        if n.method == "exit" {
            return Flow::Exit(if self.shut_down { 0 } else { 1 });
        }
        if !self.initialized {
            return Flow::Continue;
        }
        match n.method.as_str() {
            "textDocument/didOpen" => {
                if let Ok(p) = serde_json::from_value::<lt::DidOpenTextDocumentParams>(n.params) {
                    let d = p.text_document;
                    let key = d.uri.as_str().to_string();
                    let path = convert::uri_to_path(&d.uri);
                    if let Some(old) = self.documents.insert(
                        key.clone(),
                        Document {
                            uri: d.uri,
                            version: d.version,
                            text: d.text,
                            path,
                            analysis: None,
                        },
                    ) {
                        self.discard(old.analysis);
                    }
                    self.mark_dirty(key);
                }
            }
            "textDocument/didChange" => {
                if let Ok(p) = serde_json::from_value::<lt::DidChangeTextDocumentParams>(n.params) {
                    let key = p.text_document.uri.as_str().to_string();
                    if let Some(doc) = self.documents.get_mut(&key) {
                        edits::apply(&mut doc.text, p.content_changes);
                        doc.version = p.text_document.version;
                        let old = doc.analysis.take();
                        self.discard(old);
                        self.mark_dirty(key);
                    }
                }
            }
            "textDocument/didSave" => {
                // Tables and included files may have changed on disk with it.
                if let Ok(p) = serde_json::from_value::<lt::DidSaveTextDocumentParams>(n.params) {
                    let key = p.text_document.uri.as_str().to_string();
                    if let Some(doc) = self.documents.get_mut(&key) {
                        let old = doc.analysis.take();
                        self.discard(old);
                        self.mark_dirty(key);
                    }
                }
            }
            "textDocument/didClose" => {
                if let Ok(p) = serde_json::from_value::<lt::DidCloseTextDocumentParams>(n.params) {
                    let key = p.text_document.uri.as_str().to_string();
                    if let Some(doc) = self.documents.remove(&key) {
                        self.dirty.retain(|k| *k != key);
                        self.discard(doc.analysis);
                        self.notify(
                            "textDocument/publishDiagnostics",
                            lt::PublishDiagnosticsParams {
                                uri: doc.uri,
                                diagnostics: Vec::new(),
                                version: None,
                            },
                        );
                    }
                }
            }
            // `initialized`, `$/cancelRequest`, `$/setTrace`, and anything unknown: nothing to do.
            _ => {}
        }
        Flow::Continue
    }

    fn mark_dirty(&mut self, key: String) {
        if !self.dirty.contains(&key) {
            self.dirty.push(key);
        }
    }

    fn initialize(&mut self, params: Value) -> Result<String, (ErrorCode, String)> {
        let params: lt::InitializeParams = serde_json::from_value(params)
            .map_err(|e| (ErrorCode::InvalidParams, format!("invalid params: {e}")))?;
        if let Some(o) = &params.initialization_options {
            let strings = |key: &str| -> Vec<String> {
                o.get(key)
                    .and_then(Value::as_array)
                    .map(|a| {
                        a.iter()
                            .filter_map(|v| v.as_str().map(String::from))
                            .collect()
                    })
                    .unwrap_or_default()
            };
            self.defines = strings("defines");
            self.table_dirs = strings("tableDirs")
                .into_iter()
                .map(PathBuf::from)
                .collect();
        }
        self.initialized = true;
        let result = lt::InitializeResult {
            capabilities: capabilities(),
            server_info: Some(lt::ServerInfo {
                name: SERVER_NAME.to_string(),
                version: Some(env!("CARGO_PKG_VERSION").to_string()),
            }),
        };
        serde_json::to_string(&result).map_err(|e| (ErrorCode::InternalError, e.to_string()))
    }

    /// The document's analysis, made now when the text changed since the last one.
    fn analysis(&mut self, uri: &lt::Uri) -> Result<Arc<Analysis>, (ErrorCode, String)> {
        let key = uri.as_str();
        let (defines, table_dirs) = (self.defines.clone(), self.table_dirs.clone());
        let doc = self.documents.get_mut(key).ok_or_else(|| {
            (
                ErrorCode::InvalidParams,
                format!("the document {key} is not open"),
            )
        })?;
        if let Some(a) = &doc.analysis {
            return Ok(a.clone());
        }
        let name = doc
            .path
            .as_ref()
            .map_or_else(|| key.to_string(), |p| p.display().to_string());
        let options = CheckOptions {
            defines,
            table_dirs,
            ..ide::check_options(doc.path.as_deref())
        };
        let a = Arc::new(Analysis::new(
            SourceFile::new(name, doc.text.as_str()),
            options,
        ));
        doc.analysis = Some(a.clone());
        Ok(a)
    }

    fn publish_dirty(&mut self) {
        for key in std::mem::take(&mut self.dirty) {
            let Some(doc) = self.documents.get(&key) else {
                continue;
            };
            let (uri, version) = (doc.uri.clone(), doc.version);
            let Ok(a) = self.analysis(&uri) else { continue };
            // The message assembled from each diagnostic's JSON text (made in parallel).
            let diagnostics = convert::diagnostics_json(&a, &uri).join(",");
            let uri = serde_json::to_string(&uri).unwrap_or_default();
            self.out.push(format!(
                r#"{{"jsonrpc":"2.0","method":"textDocument/publishDiagnostics","params":{{"uri":{uri},"diagnostics":[{diagnostics}],"version":{version}}}}}"#
            ));
        }
    }

    fn hover(&mut self, p: lt::HoverParams) -> Result<Option<lt::Hover>, (ErrorCode, String)> {
        let pos = p.text_document_position_params;
        let a = self.analysis(&pos.text_document.uri)?;
        let offset = position::offset(&a.source, convert::from_lsp(pos.position));
        Ok(ide::hover::hover(&a, offset).map(|h| lt::Hover {
            contents: lt::HoverContents::Markup(lt::MarkupContent {
                kind: lt::MarkupKind::Markdown,
                value: h.text,
            }),
            range: Some(convert::range(&a.source, &h.span)),
        }))
    }

    fn completion(
        &mut self,
        p: lt::CompletionParams,
    ) -> Result<lt::CompletionResponse, (ErrorCode, String)> {
        let pos = p.text_document_position;
        let a = self.analysis(&pos.text_document.uri)?;
        let offset = position::offset(&a.source, convert::from_lsp(pos.position));
        let items = ide::complete::complete(&a, offset)
            .into_iter()
            .map(|i| convert::completion(&a.source, i))
            .collect();
        Ok(lt::CompletionResponse::Array(items))
    }

    fn code_action(
        &mut self,
        p: lt::CodeActionParams,
    ) -> Result<Vec<lt::CodeActionOrCommand>, (ErrorCode, String)> {
        if let Some(only) = &p.context.only {
            if !only.iter().any(|k| {
                k.as_str() == lt::CodeActionKind::QUICKFIX.as_str() || k.as_str().is_empty()
            }) {
                return Ok(Vec::new());
            }
        }
        let a = self.analysis(&p.text_document.uri)?;
        Ok(convert::code_actions(&a, &p.text_document.uri, p.range)
            .into_iter()
            .map(lt::CodeActionOrCommand::CodeAction)
            .collect())
    }

    fn symbols(
        &mut self,
        p: lt::DocumentSymbolParams,
    ) -> Result<lt::DocumentSymbolResponse, (ErrorCode, String)> {
        let a = self.analysis(&p.text_document.uri)?;
        Ok(lt::DocumentSymbolResponse::Nested(
            a.symbols()
                .iter()
                .map(|s| convert::symbol(&a.source, s))
                .collect(),
        ))
    }

    fn folding(
        &mut self,
        p: lt::FoldingRangeParams,
    ) -> Result<Vec<lt::FoldingRange>, (ErrorCode, String)> {
        let a = self.analysis(&p.text_document.uri)?;
        Ok(a.folds()
            .into_iter()
            .map(|(start, end)| lt::FoldingRange {
                start_line: start,
                start_character: None,
                end_line: end,
                end_character: None,
                kind: Some(lt::FoldingRangeKind::Region),
                collapsed_text: None,
            })
            .collect())
    }

    fn definition(
        &mut self,
        p: lt::GotoDefinitionParams,
    ) -> Result<Option<lt::GotoDefinitionResponse>, (ErrorCode, String)> {
        let pos = p.text_document_position_params;
        let uri = pos.text_document.uri;
        let a = self.analysis(&uri)?;
        let offset = position::offset(&a.source, convert::from_lsp(pos.position));
        let Some(target) = a.definition(offset) else {
            return Ok(None);
        };
        let location = match target.path {
            None => lt::Location {
                uri,
                range: convert::range(&a.source, &target.span.unwrap_or(0..0)),
            },
            Some(path) => {
                let Some(target_uri) = convert::path_to_uri(&path) else {
                    return Ok(None);
                };
                let range = match target.span {
                    Some(span) => {
                        let text = std::fs::read_to_string(&path).unwrap_or_default();
                        convert::range(&SourceFile::new(path.display().to_string(), text), &span)
                    }
                    None => lt::Range::default(),
                };
                lt::Location {
                    uri: target_uri,
                    range,
                }
            }
        };
        Ok(Some(lt::GotoDefinitionResponse::Scalar(location)))
    }

    fn formatting(
        &mut self,
        p: lt::DocumentFormattingParams,
    ) -> Result<Vec<lt::TextEdit>, (ErrorCode, String)> {
        let a = self.analysis(&p.text_document.uri)?;
        // A script with syntax errors is left alone: its diagnostics say why.
        let Ok(formatted) = crate::fmt::format(&a.source) else {
            return Ok(Vec::new());
        };
        if *formatted == *a.source.text {
            return Ok(Vec::new());
        }
        let whole = 0..a.source.text.len();
        Ok(vec![lt::TextEdit {
            range: convert::range(&a.source, &whole),
            new_text: formatted,
        }])
    }
}

/// What the server can do, as `initialize` answers.
pub fn capabilities() -> lt::ServerCapabilities {
    lt::ServerCapabilities {
        position_encoding: Some(lt::PositionEncodingKind::UTF16),
        text_document_sync: Some(lt::TextDocumentSyncCapability::Options(
            lt::TextDocumentSyncOptions {
                open_close: Some(true),
                change: Some(lt::TextDocumentSyncKind::INCREMENTAL),
                will_save: None,
                will_save_wait_until: None,
                save: Some(lt::TextDocumentSyncSaveOptions::Supported(true)),
            },
        )),
        hover_provider: Some(lt::HoverProviderCapability::Simple(true)),
        completion_provider: Some(lt::CompletionOptions {
            trigger_characters: Some(
                ["!", "|", "/", "\""]
                    .iter()
                    .map(|s| s.to_string())
                    .collect(),
            ),
            ..lt::CompletionOptions::default()
        }),
        code_action_provider: Some(lt::CodeActionProviderCapability::Options(
            lt::CodeActionOptions {
                code_action_kinds: Some(vec![lt::CodeActionKind::QUICKFIX]),
                ..lt::CodeActionOptions::default()
            },
        )),
        document_symbol_provider: Some(lt::OneOf::Left(true)),
        folding_range_provider: Some(lt::FoldingRangeProviderCapability::Simple(true)),
        definition_provider: Some(lt::OneOf::Left(true)),
        document_formatting_provider: Some(lt::OneOf::Left(true)),
        ..lt::ServerCapabilities::default()
    }
}

/// Runs the server on the process's standard input and output; returns the exit code.
pub fn run_stdio() -> i32 {
    let stdin = std::io::BufReader::new(std::io::stdin());
    let stdout = std::io::stdout();
    Server::new().serve(stdin, stdout.lock()).unwrap_or(1)
}
