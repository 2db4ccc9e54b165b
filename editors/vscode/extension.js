// Heads Up Script (HUS) for VS Code: starts `hus lsp` (the `hus.path` setting, default `hus`)
// for .hus files. Highlighting comes from syntaxes/hus.tmLanguage.json; everything else
// (diagnostics, quick fixes, hover, completion, outline, folding, go to definition,
// formatting) from the server.
'use strict';

const vscode = require('vscode');
const { LanguageClient } = require('vscode-languageclient/node');

let client;

function createClient(command) {
  // Without a transport the client talks to the server over its stdin and stdout.
  const serverOptions = { command, args: ['lsp'] };
  const clientOptions = {
    documentSelector: [
      { scheme: 'file', language: 'hus' },
      { scheme: 'untitled', language: 'hus' },
    ],
  };
  return new LanguageClient('hus', 'Heads Up Script', serverOptions, clientOptions);
}

async function start() {
  const command = vscode.workspace.getConfiguration('hus').get('path') || 'hus';
  client = createClient(command);
  try {
    await client.start();
  } catch (err) {
    vscode.window.showErrorMessage(
      `HUS: could not start \`${command} lsp\` (check the hus.path setting): ${err.message ?? err}`
    );
  }
}

async function stop() {
  if (client) {
    const old = client;
    client = undefined;
    await old.stop().catch(() => {});
  }
}

async function activate(context) {
  context.subscriptions.push(
    vscode.commands.registerCommand('hus.restartServer', async () => {
      await stop();
      await start();
    }),
    vscode.workspace.onDidChangeConfiguration(async (event) => {
      if (event.affectsConfiguration('hus.path')) {
        await stop();
        await start();
      }
    })
  );
  await start();
}

function deactivate() {
  return stop();
}

module.exports = { activate, deactivate };
