-- A minimal Neovim configuration for trying the HUS set-up from a checkout of hus, without
-- touching your own: from the repository's root,
--   nvim -u editors/neovim/init.lua examples/tag.hus
-- It puts editors/neovim (plugin/hus.lua) and editors/vim (syntax, ftdetect, ftplugin) on
-- the runtime path.
local here = vim.fn.fnamemodify(debug.getinfo(1, 'S').source:sub(2), ':p:h')
vim.opt.runtimepath:prepend(vim.fn.fnamemodify(here .. '/../vim', ':p'))
vim.opt.runtimepath:prepend(here)
vim.cmd('filetype plugin indent on')
vim.cmd('syntax on')
