//! The external module's checks of `external` commands, in rules and DEFINEs.

use super::*;

/// The external module's check of every `external` command of the program: in the rules,
/// in their arithmetic, and in the DEFINEs (a DEFINE's command once, where written; an
/// INCLUDEd one's at its first use).
pub(super) fn externals(
    program: &Program,
    source: &SourceFile,
    defines: &[String],
    out: &mut Vec<SourceDiagnostic>,
) {
    let mut walker = Walker::default();
    let mut done = std::collections::HashSet::new();
    let mut one = |item: Item, via: &Via| {
        let cmd = match item {
            Item::Condition(ir::Condition {
                test: Test::External(e),
                ..
            })
            | Item::Operand(Operand::External(e)) => e,
            _ => return,
        };
        // A DEFINEd command is held at each use with the DEFINE's span: reported once.
        if via.use_span.is_some() || done.insert(cmd.span.clone()) {
            external(cmd, via.use_span.as_ref(), source, defines, out);
        }
    };
    for rule in &program.rules {
        walker.rule(rule, None, &mut one);
        for a in std::iter::once(&rule.action).chain(rule.reactions.iter().map(|r| &r.action)) {
            if let ir::RuleActionKind::External(e) = &a.kind {
                one(
                    Item::Operand(&Operand::External(e.clone())),
                    &Via::default(),
                );
            }
        }
    }
    walker.rest(program, &mut one);
}

/// The external module's own check of a command text (quotes, a missing program, words that
/// look like placeholders but are none), with its spans mapped from the command text (escapes
/// resolved) back into the script; one written in an INCLUDEd file is reported `at` its use.
/// An empty command is already a lowering error.
pub(super) fn external(
    cmd: &ir::ExternalCommand,
    at: Option<&Span>,
    source: &SourceFile,
    defines: &[String],
    out: &mut Vec<SourceDiagnostic>,
) {
    for mut d in crate::external::lint_command(&cmd.text, defines) {
        if d.code == Code::EmptyExternal {
            continue;
        }
        // An INCLUDEd DEFINE's number is held with the span of its use, a name.
        let written = source.text.get(cmd.span.clone()).unwrap_or("");
        let at = at.or_else(|| (!written.contains('"')).then_some(&cmd.span));
        d.span = match at {
            Some(at) => Some(at.clone()),
            None => d
                .span
                .map(|s| script_offset(source, cmd, s.start)..script_offset(source, cmd, s.end)),
        };
        out.push(d);
    }
}

/// The script byte offset of byte `offset` of a command's text: the text starts after the
/// opening quote, and each `\"` or `\\` escape is two script bytes for one text byte.
pub(super) fn script_offset(
    source: &SourceFile,
    cmd: &ir::ExternalCommand,
    offset: usize,
) -> usize {
    let written = source.text.get(cmd.span.clone()).unwrap_or("");
    let Some(quote) = written.find('"') else {
        return cmd.span.start;
    };
    let mut script = cmd.span.start + quote + 1;
    let mut text = 0;
    let mut chars = written[quote + 1..].chars();
    while text < offset {
        match chars.next() {
            Some('\\') => {
                let escaped = chars.next().map_or(0, char::len_utf8);
                script += 1 + escaped;
                text += escaped.max(1);
            }
            Some(c) => {
                script += c.len_utf8();
                text += c.len_utf8();
            }
            None => break,
        }
    }
    script.min(cmd.span.end)
}
