" Heads Up Script: *.hus files (editors/vim/ftdetect/hus.vim in the hus repository).
autocmd BufNewFile,BufRead *.hus setfiletype hus
