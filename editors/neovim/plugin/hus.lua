-- Heads Up Script (HUS) in Neovim: `*.hus` files, `//` comments, two-space indentation, and
-- the `hus lsp` language server (diagnostics, quick fixes, hover, completion, outline,
-- folding, go to definition, formatting). Copy to ~/.config/nvim/plugin/hus.lua, and
-- editors/vim/syntax/hus.vim to ~/.config/nvim/syntax/hus.vim for highlighting.
-- Works with Neovim 0.7 and later: 0.11+ through vim.lsp.config/vim.lsp.enable, 0.8-0.10
-- through vim.lsp.start, 0.7 through vim.lsp.start_client.
-- Set vim.g.hus_path (before this file runs) when `hus` is not on PATH.

if vim.g.loaded_hus then
  return
end
vim.g.loaded_hus = true

local function cmd()
  return { vim.g.hus_path or 'hus', 'lsp' }
end

-- *.hus is HUS. Neovim 0.7 detects file types with filetype.vim unless asked otherwise,
-- so it gets an autocommand (as editors/vim/ftdetect/hus.vim does).
if vim.fn.has('nvim-0.8') == 1 then
  vim.filetype.add({ extension = { hus = 'hus' } })
else
  vim.cmd('autocmd BufNewFile,BufRead *.hus setfiletype hus')
end

local new_api = vim.fn.has('nvim-0.11') == 1
if new_api then
  vim.lsp.config('hus', {
    cmd = cmd(),
    filetypes = { 'hus' },
    root_markers = { '.git' },
  })
  vim.lsp.enable('hus')
end

-- One client per directory on Neovim 0.7 (0.8+ reuse theirs themselves).
local clients = {}

local function start_server(buf)
  if vim.fn.executable(cmd()[1]) == 0 then
    return
  end
  -- The script's directory: INCLUDE and USE TABLE paths are relative to it.
  local root = vim.fn.fnamemodify(vim.api.nvim_buf_get_name(buf), ':p:h')
  if vim.lsp.start then
    vim.lsp.start({ name = 'hus', cmd = cmd(), root_dir = root }, { bufnr = buf })
    return
  end
  local id = clients[root]
  if not id or not vim.lsp.get_client_by_id(id) then
    id = vim.lsp.start_client({ name = 'hus', cmd = cmd(), root_dir = root })
    clients[root] = id
  end
  if id then
    vim.lsp.buf_attach_client(buf, id)
  end
end

vim.api.nvim_create_autocmd('FileType', {
  group = vim.api.nvim_create_augroup('hus', { clear = true }),
  pattern = 'hus',
  callback = function(args)
    local bo = vim.bo[args.buf]
    bo.commentstring = '// %s'
    bo.comments = '://'
    bo.expandtab = true
    bo.shiftwidth = 2
    bo.softtabstop = 2
    if not new_api then
      start_server(args.buf)
    end
  end,
})
