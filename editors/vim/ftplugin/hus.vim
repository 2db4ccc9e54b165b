" Heads Up Script: buffer settings (editors/vim/ftplugin/hus.vim in the hus repository).
" `//` comments (`gc` in Neovim 0.10+ and commentary plugins use 'commentstring'), and the
" two-space indentation of the examples and of `hus fmt`.
if exists('b:did_ftplugin')
  finish
endif
let b:did_ftplugin = 1

setlocal commentstring=//\ %s
setlocal comments=://
setlocal formatoptions-=t formatoptions+=croql
setlocal expandtab shiftwidth=2 softtabstop=2

let b:undo_ftplugin = 'setlocal commentstring< comments< formatoptions< expandtab< shiftwidth< softtabstop<'
