//! `hus show builtin:NAME`: prints a built-in bot's script (to read it, or to start a bot
//! from it); `hus show builtin:` lists the built-ins.

use super::exit;

#[derive(clap::Args)]
pub struct Args {
    /// `builtin:NAME`, or `builtin:` for the list.
    pub bot: String,
}

pub fn run(args: Args) -> u8 {
    let Some(name) = args.bot.strip_prefix("builtin:") else {
        errln!("hus show: expected builtin:NAME (a script file is shown by any text viewer)");
        return exit::USAGE;
    };
    let text = if name.is_empty() {
        hus::builtin_names()
            .iter()
            .map(|b| format!("builtin:{b}\n"))
            .collect::<String>()
    } else {
        match hus::builtin_script(name) {
            Some(t) => t.to_string(),
            None => {
                errln!("hus show: unknown built-in bot `builtin:{name}`; `hus show builtin:` lists them");
                return exit::USAGE;
            }
        }
    };
    match super::to_stdout(&text) {
        Ok(()) => exit::OK,
        Err(code) => code,
    }
}
