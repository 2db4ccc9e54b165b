//! The compiled half of the Python package `hus` (`hus._hus`): bots, decisions, game states,
//! checks and matches from the library's front door. Every call runs under a panic guard, so
//! a bug in the library raises `hus.InternalError` instead of ending the interpreter.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::PathBuf;
use std::time::Duration;

use pyo3::create_exception;
use pyo3::exceptions::PyException;
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict, PyInt, PyList};

use hus::{Action, BotOptions, MatchOptions, Play, Player};
use rand_chacha::ChaCha8Rng;

create_exception!(
    _hus,
    HusError,
    PyException,
    "Every error the package raises."
);
create_exception!(
    _hus,
    ScriptError,
    HusError,
    "A script with errors: `diagnostics` lists every one (errors and warnings)."
);
create_exception!(
    _hus,
    GameStateError,
    HusError,
    "An invalid game state: `field` names what is wrong, `diagnostics` lists every error."
);
create_exception!(
    _hus,
    DecideError,
    HusError,
    "A bot could not decide: `kind` is 'no-rule-matched', 'missing-constant', 'external' or 'invalid-program'."
);
create_exception!(_hus, MatchError, HusError, "A match could not be played.");
create_exception!(
    _hus,
    InternalError,
    HusError,
    "A bug in hus (a Rust panic), raised instead of ending the interpreter."
);

/// Runs `f`, turning a panic into `hus.InternalError`.
fn guard<T>(f: impl FnOnce() -> PyResult<T>) -> PyResult<T> {
    catch_unwind(AssertUnwindSafe(f)).unwrap_or_else(|panic| {
        let what = panic
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| panic.downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "a panic".into());
        Err(InternalError::new_err(format!(
            "internal error in hus: {what}"
        )))
    })
}

/// An exception of type `E` with attributes set on it.
fn error_with<E: pyo3::PyTypeInfo>(
    py: Python<'_>,
    message: String,
    attrs: &[(&str, Py<PyAny>)],
) -> PyErr {
    let err = PyErr::new::<E, _>(message);
    for (name, value) in attrs {
        let _ = err.value(py).setattr(*name, value.clone_ref(py));
    }
    err
}

/// An error or warning, located by 1-based line and column (`hus check --format json`).
#[pyclass(module = "hus", frozen, get_all)]
#[derive(Clone)]
struct Diagnostic {
    code: String,
    severity: String,
    message: String,
    help: Option<String>,
    file: String,
    line: usize,
    column: usize,
    end_line: usize,
    end_column: usize,
    /// Suggested edits (an editor's quick fixes).
    fixes: Vec<Fix>,
}

/// A suggested edit: replace the text from (line, column) to (end_line, end_column), 1-based,
/// with `replacement`.
#[pyclass(module = "hus", frozen, get_all)]
#[derive(Clone)]
struct Fix {
    title: String,
    line: usize,
    column: usize,
    end_line: usize,
    end_column: usize,
    replacement: String,
}

#[pymethods]
impl Fix {
    /// The fields as `hus check --format json` writes them.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let o = PyDict::new(py);
        o.set_item("title", &self.title)?;
        o.set_item("line", self.line)?;
        o.set_item("column", self.column)?;
        o.set_item("end_line", self.end_line)?;
        o.set_item("end_column", self.end_column)?;
        o.set_item("replacement", &self.replacement)?;
        Ok(o)
    }
}

impl Diagnostic {
    fn of(_py: Python<'_>, d: &hus::Diagnostic) -> PyResult<Diagnostic> {
        let fixes = d
            .fixes
            .iter()
            .map(|f| Fix {
                title: f.title.clone(),
                line: f.line,
                column: f.column,
                end_line: f.end_line,
                end_column: f.end_column,
                replacement: f.replacement.clone(),
            })
            .collect();
        Ok(Diagnostic {
            code: d.code.to_string(),
            severity: d.severity.to_string(),
            message: d.message.clone(),
            help: d.help.clone(),
            file: d.file.clone(),
            line: d.line,
            column: d.column,
            end_line: d.end_line,
            end_column: d.end_column,
            fixes,
        })
    }
}

fn diagnostics(py: Python<'_>, ds: &[hus::Diagnostic]) -> PyResult<Py<PyAny>> {
    let list: Vec<Diagnostic> = ds
        .iter()
        .map(|d| Diagnostic::of(py, d))
        .collect::<PyResult<_>>()?;
    Ok(list.into_pyobject(py)?.into_any().unbind())
}

#[pymethods]
impl Diagnostic {
    /// The fields as `hus check --format json` writes them.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let o = PyDict::new(py);
        o.set_item("file", &self.file)?;
        o.set_item("line", self.line)?;
        o.set_item("column", self.column)?;
        o.set_item("end_line", self.end_line)?;
        o.set_item("end_column", self.end_column)?;
        o.set_item("severity", &self.severity)?;
        o.set_item("code", &self.code)?;
        o.set_item("message", &self.message)?;
        o.set_item("help", &self.help)?;
        let fixes: Vec<Bound<'py, PyDict>> = self
            .fixes
            .iter()
            .map(|f| f.to_dict(py))
            .collect::<PyResult<_>>()?;
        o.set_item("fixes", fixes)?;
        Ok(o)
    }

    fn __repr__(&self) -> String {
        format!(
            "<Diagnostic {}:{}:{}: {}: {} [{}]>",
            self.file, self.line, self.column, self.severity, self.message, self.code
        )
    }

    fn __str__(&self) -> String {
        format!(
            "{}:{}:{}: {}: {}",
            self.file, self.line, self.column, self.severity, self.message
        )
    }
}

/// A game state at the hero's turn.
#[pyclass(module = "hus", frozen)]
#[derive(Clone)]
struct GameState {
    state: hus::GameState,
}

/// A seat name: `"hero"` or `"villain"`.
fn player(name: &str, field: &str) -> PyResult<Player> {
    match name.to_ascii_lowercase().as_str() {
        "hero" => Ok(Player::Hero),
        "villain" => Ok(Player::Villain),
        _ => Err(field_error(
            field,
            format!("{field}: a player is \"hero\" or \"villain\", not {name:?}"),
        )),
    }
}

fn field_error(field: &str, message: String) -> PyErr {
    Python::attach(|py| {
        error_with::<GameStateError>(
            py,
            message,
            &[
                (
                    "field",
                    field.into_pyobject(py).unwrap().into_any().unbind(),
                ),
                ("diagnostics", PyList::empty(py).into_any().unbind()),
            ],
        )
    })
}

/// One act of `actions`: `(player, act)` or `(player, act, amount_to)`.
fn play_of(item: &Bound<'_, PyAny>, k: usize) -> PyResult<(Player, Play)> {
    let field = format!("actions[{k}]");
    let parts: Vec<Bound<'_, PyAny>> = item.try_iter()?.collect::<PyResult<_>>()?;
    let bad = |why: &str| field_error("actions", format!("{field}: {why}"));
    if parts.len() < 2 || parts.len() > 3 {
        return Err(bad("an act is (player, act) or (player, act, amount_to)"));
    }
    let who = player(&parts[0].extract::<String>()?, "actions")?;
    let act: String = parts[1].extract()?;
    let to: Option<f64> = parts.get(2).map(|a| a.extract()).transpose()?;
    let play = match (act.to_ascii_lowercase().as_str(), to) {
        ("fold", None) => Play::Fold,
        ("check", None) => Play::Check,
        ("call", None) => Play::Call,
        ("bet", Some(to)) => Play::BetTo(to),
        ("raise", Some(to)) => Play::RaiseTo(to),
        ("bet" | "raise", None) => return Err(bad("a bet or raise gives the total it raises to")),
        (_, Some(_)) => return Err(bad("only a bet or raise has an amount")),
        _ => {
            return Err(bad(
                "an act is \"fold\", \"check\", \"call\", \"bet\" or \"raise\"",
            ))
        }
    };
    Ok((who, play))
}

/// The field of the state a game-model error is about.
fn field_of(code: &str) -> &'static str {
    match code {
        "bad-card" | "card-twice" => "cards",
        "bad-post" => "blinds",
        "bad-number" | "bad-amount" => "amounts",
        _ => "actions",
    }
}

fn invalid_game(py: Python<'_>, e: hus::game::InvalidGame, file: &str) -> PyErr {
    let source = hus::diag::SourceFile::new(file, "");
    let ds: Vec<hus::Diagnostic> = e
        .diagnostics
        .iter()
        .map(|d| hus::Diagnostic::located(&source, d))
        .collect();
    let field = ds.first().map_or("state", |d| field_of(d.code));
    let field = match ds.first().map(|d| d.message.as_str()) {
        Some(m) if m.starts_with("heroCards:") => "hero_cards",
        Some(m) if m.starts_with("board:") => "board",
        _ => field,
    };
    let attrs = [
        (
            "field",
            field.into_pyobject(py).unwrap().into_any().unbind(),
        ),
        (
            "diagnostics",
            diagnostics(py, &ds).unwrap_or_else(|_| py.None()),
        ),
    ];
    error_with::<GameStateError>(py, e.to_string(), &attrs)
}

/// A count of `stats=` as the XML writes it: a Python int (not a bool), in decimal.
fn count_text(v: &Bound<'_, PyAny>, at: &str) -> PyResult<String> {
    if v.is_instance_of::<PyInt>() && !v.is_instance_of::<PyBool>() {
        return Ok(v.str()?.to_string());
    }
    Err(field_error(
        "stats",
        format!("stats[{at}]: a count is a whole number, not {}", v.repr()?),
    ))
}

/// A statistic's or attribute's name, safe to write as an XML name.
fn stats_name(k: &Bound<'_, PyAny>) -> PyResult<String> {
    match k.extract::<String>() {
        Ok(name) if !name.is_empty() && name.bytes().all(|b| b.is_ascii_alphanumeric()) => Ok(name),
        _ => Err(field_error(
            "stats",
            format!("stats: {} is no statistic's name", k.repr()?),
        )),
    }
}

/// The attributes of one statistic: `(times, chances)`, `(times, chances, hands)` (what
/// `Aggression` rests on) or a dict of them.
fn stat_attrs(name: &str, v: &Bound<'_, PyAny>) -> PyResult<String> {
    let mut out = String::new();
    if let Ok(d) = v.cast::<PyDict>() {
        for (k, v) in d.iter() {
            let attr = stats_name(&k)?;
            let at = format!("{name}.{attr}");
            out.push_str(&format!(" {attr}=\"{}\"", count_text(&v, &at)?));
        }
        return Ok(out);
    }
    let items: Vec<Bound<'_, PyAny>> = match v.try_iter() {
        Ok(it) => it.collect::<PyResult<_>>()?,
        Err(_) => Vec::new(),
    };
    if !(2..=3).contains(&items.len()) {
        return Err(field_error(
            "stats",
            format!("stats[{name}]: a statistic is (times, chances) or (times, chances, hands)"),
        ));
    }
    for (attr, v) in ["times", "chances", "hands"].iter().zip(&items) {
        out.push_str(&format!(" {attr}=\"{}\"", count_text(v, name)?));
    }
    Ok(out)
}

/// `stats=`: `{"hands": 40, "VPIP": (30, 38), "Aggression": (3, 10, 12)}`, written as the
/// `<stats>` element and read by the XML reader, so it is validated with the same errors.
fn stats_of(py: Python<'_>, obj: &Bound<'_, PyAny>) -> PyResult<hus::game::OpponentStats> {
    let Ok(dict) = obj.cast::<PyDict>() else {
        return Err(field_error(
            "stats",
            "stats: a dict of \"hands\" and one entry per statistic".into(),
        ));
    };
    let mut head = String::from("<stats");
    let mut body = String::new();
    for (k, v) in dict.iter() {
        let name = stats_name(&k)?;
        if name == "hands" {
            head.push_str(&format!(" hands=\"{}\"", count_text(&v, "hands")?));
        } else {
            body.push_str(&format!("<{name}{}/>", stat_attrs(&name, &v)?));
        }
    }
    let xml = format!("{head}>{body}</stats>");
    hus::game::xml::read_stats_element(&xml).map_err(|e| {
        let err = invalid_game(py, e, "<stats>");
        let _ = err.value(py).setattr("field", "stats");
        err
    })
}

#[pymethods]
impl GameState {
    /// Builds a state: the blinds, the hero's cards, the stacks before the blinds (100 big
    /// blinds each by default), who has the button (posts the small blind), the board so far,
    /// the acts in order as (player, act) or (player, "bet"|"raise", total raised to), and
    /// the villain's statistics as `<stats>` gives them:
    /// `{"hands": 40, "VPIP": (times, chances), "Aggression": (times, chances, hands)}`.
    /// `posts` replaces the blinds the button implies, as (player, "SB"|"BB", amount): a
    /// stack below its blind posts all it has.
    #[new]
    #[pyo3(signature = (*, small_blind, big_blind, hero_cards, hero_stack=None, villain_stack=None,
        button="hero", board="", actions=None, defines=None, stats=None, posts=None))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        py: Python<'_>,
        small_blind: f64,
        big_blind: f64,
        hero_cards: &str,
        hero_stack: Option<f64>,
        villain_stack: Option<f64>,
        button: &str,
        board: &str,
        actions: Option<&Bound<'_, PyAny>>,
        defines: Option<Vec<(String, f64)>>,
        stats: Option<&Bound<'_, PyAny>>,
        posts: Option<Vec<(String, String, f64)>>,
    ) -> PyResult<GameState> {
        guard(|| {
            let mut b = hus::GameState::builder(small_blind, big_blind)
                .stacks(
                    hero_stack.unwrap_or(100.0 * big_blind),
                    villain_stack.unwrap_or(100.0 * big_blind),
                )
                .button(player(button, "button")?)
                .hero_cards(hero_cards)
                .board(board);
            if let Some(actions) = actions {
                for (k, item) in actions.try_iter()?.enumerate() {
                    let (who, play) = play_of(&item?, k)?;
                    b = b.play(who, play);
                }
            }
            for (name, value) in defines.unwrap_or_default() {
                b = b.define(&name, value);
            }
            for (who, blind, amount) in posts.unwrap_or_default() {
                b = b.post(player(&who, "posts")?, &blind, amount);
            }
            if let Some(stats) = stats {
                b = b.stats(stats_of(py, stats)?);
            }
            let (state, _warnings) = b.build().map_err(|e| invalid_game(py, e, "<builder>"))?;
            Ok(GameState { state })
        })
    }

    /// Reads and validates game-state XML, as `hus decide` does.
    #[staticmethod]
    fn from_xml(py: Python<'_>, xml: &str) -> PyResult<GameState> {
        guard(|| {
            let (state, _) =
                hus::GameState::from_xml(xml).map_err(|e| invalid_game(py, e, "<xml>"))?;
            Ok(GameState { state })
        })
    }

    /// The XML `hus decide` reads.
    fn to_xml(&self) -> String {
        self.state.xml().into_owned()
    }

    /// `preflop`, `flop`, `turn` or `river`.
    #[getter]
    fn phase(&self) -> &'static str {
        self.state.phase().xml_tag()
    }
    #[getter]
    fn pot(&self) -> f64 {
        self.state.derived().pot
    }
    #[getter]
    fn to_call(&self) -> f64 {
        self.state.derived().to_call
    }
    /// The hero's chips behind now.
    #[getter]
    fn hero_stack(&self) -> f64 {
        self.state.derived().hero_stack
    }
    #[getter]
    fn villain_stack(&self) -> f64 {
        self.state.derived().villain_stack
    }
    /// The hero's chips put in during this round (the blind, before the flop).
    #[getter]
    fn hero_in_round(&self) -> f64 {
        self.state.derived().hero_round
    }
    /// The smallest legal raise, as the total the hero's chips in this round come to
    /// (capped at all in), or None when the hero cannot raise.
    #[getter]
    fn min_raise_to(&self) -> Option<f64> {
        self.state.derived().min_raise_to()
    }
    /// The most the hero can raise to: all in.
    #[getter]
    fn max_raise_to(&self) -> Option<f64> {
        self.state.derived().max_raise_to()
    }
    /// The acts the hero may take: a subset of fold, check, call, raise in that order.
    #[getter]
    fn legal_actions(&self) -> Vec<&'static str> {
        self.state.derived().legal_acts().to_vec()
    }
    /// The hero's cards, `"AsKd"`.
    #[getter]
    fn hero_cards(&self) -> String {
        self.state
            .hero_cards()
            .iter()
            .map(|c| c.to_string())
            .collect()
    }
    /// The board so far, `"9h5s2d"`.
    #[getter]
    fn board(&self) -> String {
        self.state
            .board_cards()
            .iter()
            .map(|c| c.to_string())
            .collect()
    }

    fn __eq__(&self, other: &GameState) -> bool {
        self.state.xml() == other.state.xml()
            || (self.state.record().same_as(other.state.record())
                && self.state.derived() == other.state.derived())
    }

    fn __repr__(&self) -> String {
        let d = self.state.derived();
        format!(
            "<GameState {} hero {} board {:?} pot {} to call {}>",
            self.phase(),
            self.hero_cards(),
            self.board(),
            d.pot,
            d.to_call
        )
    }
}

/// What a bot does now and why.
#[pyclass(module = "hus", frozen, get_all)]
struct Decision {
    /// `"fold"`, `"check"`, `"call"` or `"raise"`.
    action: &'static str,
    /// A raise: chips above the call (what `hus decide` prints); else None.
    amount: Option<f64>,
    /// A raise: the total the hero's chips in this round come to; else None.
    raise_to: Option<f64>,
    /// The line of the rule whose action was taken.
    rule: usize,
    /// The lines of every rule that gave an action.
    matched: Vec<usize>,
    /// The weighted draw: a dict of choice, weight, total, index; or None.
    draw: Option<Py<PyDict>>,
    made_legal: bool,
    random_tie: bool,
    warnings: Vec<Diagnostic>,
    /// The evaluation trace, when `explain=True`.
    explain: Option<String>,
    /// The seed the decision drew from.
    seed: u64,
}

#[pymethods]
impl Decision {
    /// `fold`, `call`, `raise 60`: what `hus decide` prints.
    fn __str__(&self) -> String {
        match self.amount {
            Some(by) => format!("raise {}", hus::game::format_amount(by)),
            None => self.action.to_string(),
        }
    }
    fn __repr__(&self) -> String {
        format!("<Decision {} (rule at line {})>", self.__str__(), self.rule)
    }
}

fn decision(py: Python<'_>, d: hus::Decision, seed: u64) -> PyResult<Decision> {
    let (amount, raise_to) = match d.action {
        Action::Raise { by, to } => (Some(by), Some(to)),
        _ => (None, None),
    };
    let draw = d
        .draw
        .map(|w| -> PyResult<Py<PyDict>> {
            let o = PyDict::new(py);
            o.set_item("choice", w.choice)?;
            o.set_item("weight", w.weight)?;
            o.set_item("total", w.total)?;
            o.set_item("index", w.index)?;
            Ok(o.unbind())
        })
        .transpose()?;
    Ok(Decision {
        action: d.action.name(),
        amount,
        raise_to,
        rule: d.rule,
        matched: d.matched,
        draw,
        made_legal: d.made_legal,
        random_tie: d.random_tie,
        warnings: d
            .warnings
            .iter()
            .map(|w| Diagnostic::of(py, w))
            .collect::<PyResult<_>>()?,
        explain: d.explain,
        seed,
    })
}

fn script_error(py: Python<'_>, e: hus::ScriptError) -> PyErr {
    let list = diagnostics(py, &e.diagnostics).unwrap_or_else(|_| py.None());
    error_with::<ScriptError>(py, e.to_string(), &[("diagnostics", list)])
}

fn bot_options(
    table_dirs: Vec<PathBuf>,
    allow_external: bool,
    external_timeout: f64,
    defines: Vec<String>,
) -> PyResult<BotOptions> {
    if !(external_timeout.is_finite() && external_timeout > 0.0 && external_timeout <= 86_400.0) {
        return Err(pyo3::exceptions::PyValueError::new_err(
            "external_timeout must be a number of seconds above 0 and at most 86400 (a day)",
        ));
    }
    Ok(BotOptions {
        table_dirs,
        allow_external,
        external_timeout: Duration::from_secs_f64(external_timeout),
        defines,
        ..BotOptions::default()
    })
}

/// A HUS script compiled once, ready to decide any number of times.
#[pyclass(module = "hus", frozen)]
struct Bot {
    bot: hus::Bot,
}

#[pymethods]
impl Bot {
    /// Reads and compiles a script file; raises ScriptError with every diagnostic.
    #[staticmethod]
    #[pyo3(signature = (path, *, table_dirs=Vec::new(), allow_external=false, external_timeout=5.0, defines=Vec::new()))]
    fn from_file(
        py: Python<'_>,
        path: PathBuf,
        table_dirs: Vec<PathBuf>,
        allow_external: bool,
        external_timeout: f64,
        defines: Vec<String>,
    ) -> PyResult<Bot> {
        guard(|| {
            let o = bot_options(table_dirs, allow_external, external_timeout, defines)?;
            let bot = hus::Bot::from_file(&path, &o).map_err(|e| script_error(py, e))?;
            Ok(Bot { bot })
        })
    }

    /// Compiles a script given as text; `name` is the file name its diagnostics carry.
    #[staticmethod]
    #[pyo3(signature = (source, *, name="bot.hus", table_dirs=Vec::new(), allow_external=false, external_timeout=5.0, defines=Vec::new()))]
    fn from_source(
        py: Python<'_>,
        source: &str,
        name: &str,
        table_dirs: Vec<PathBuf>,
        allow_external: bool,
        external_timeout: f64,
        defines: Vec<String>,
    ) -> PyResult<Bot> {
        guard(|| {
            let o = bot_options(table_dirs, allow_external, external_timeout, defines)?;
            let bot = hus::Bot::from_source(name, source, &o).map_err(|e| script_error(py, e))?;
            Ok(Bot { bot })
        })
    }

    /// A built-in bot: random, caller, raiser, equity, bluffer or exploit.
    #[staticmethod]
    fn builtin(py: Python<'_>, name: &str) -> PyResult<Bot> {
        guard(|| {
            let bot = hus::Bot::builtin(name).map_err(|e| script_error(py, e))?;
            Ok(Bot { bot })
        })
    }

    /// The script's file name, or builtin:NAME.
    #[getter]
    fn name(&self) -> &str {
        self.bot.name()
    }

    /// The checker's warnings about the script.
    #[getter]
    fn warnings(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        diagnostics(py, self.bot.warnings())
    }

    /// Decides in `state`. The same seed gives the same decision as `hus decide --seed`;
    /// without one a seed is drawn (Decision.seed tells it). Raises DecideError.
    #[pyo3(signature = (state, *, seed=None, explain=false))]
    fn decide(
        &self,
        py: Python<'_>,
        state: &GameState,
        seed: Option<u64>,
        explain: bool,
    ) -> PyResult<Decision> {
        guard(|| {
            let seed = seed.unwrap_or_else(rand::random::<u64>);
            let mut rng = <ChaCha8Rng as rand::SeedableRng>::seed_from_u64(seed);
            match self.bot.decide_with(&state.state, &mut rng, explain) {
                Ok(d) => decision(py, d, seed),
                Err(e) => Err(decide_error(py, e)),
            }
        })
    }

    fn __repr__(&self) -> String {
        format!("<Bot {}>", self.bot.name())
    }
}

fn decide_error(py: Python<'_>, e: hus::DecideError) -> PyErr {
    let kind = match e.kind {
        hus::DecideErrorKind::NoRuleMatched => "no-rule-matched",
        hus::DecideErrorKind::MissingConstant => "missing-constant",
        hus::DecideErrorKind::External => "external",
        hus::DecideErrorKind::InvalidProgram => "invalid-program",
    };
    let attrs = [
        ("kind", kind.into_pyobject(py).unwrap().into_any().unbind()),
        (
            "diagnostic",
            Diagnostic::of(py, &e.diagnostic)
                .and_then(|d| Ok(d.into_pyobject(py)?.into_any().unbind()))
                .unwrap_or_else(|_| py.None()),
        ),
        (
            "warnings",
            diagnostics(py, &e.warnings).unwrap_or_else(|_| py.None()),
        ),
        (
            "explain",
            e.explain
                .clone()
                .into_pyobject(py)
                .map(|o| o.into_any().unbind())
                .unwrap_or_else(|_| py.None()),
        ),
    ];
    error_with::<DecideError>(py, e.to_string(), &attrs)
}

/// Checks a script given as text: every diagnostic, as `hus check --format json` lists them.
#[pyfunction]
#[pyo3(signature = (source, *, name="bot.hus", base_dir=None, table_dirs=Vec::new(), defines=Vec::new()))]
fn check(
    py: Python<'_>,
    source: &str,
    name: &str,
    base_dir: Option<PathBuf>,
    table_dirs: Vec<PathBuf>,
    defines: Vec<String>,
) -> PyResult<Py<PyAny>> {
    guard(|| {
        let o = bot_options(table_dirs, false, 5.0, defines)?;
        let dir = base_dir.unwrap_or_else(|| PathBuf::from("."));
        diagnostics(py, &hus::check_in(name, source, &dir, &o))
    })
}

/// The outcome of a match, from bot A's side.
#[pyclass(module = "hus", frozen, get_all)]
struct MatchResult {
    hands: u64,
    seed: u64,
    /// A's total in chips.
    net_a: i64,
    /// A's result in milli-big-blinds per hand.
    mbb_per_hand: f64,
    /// The 95 % confidence interval of mbb_per_hand, or None with too few hands.
    ci95: Option<(f64, f64)>,
    /// Per bot (A, then B): a dict of decisions, actions per round, no_rule_matched,
    /// actions_made_legal, random_ties, showdowns, showdowns_won, showdowns_split.
    bots: Vec<Py<PyDict>>,
    threads: usize,
    /// A's chips won in every hand, when the match was played with keep_hands=True.
    hand_results: Option<Vec<i64>>,
}

#[pymethods]
impl MatchResult {
    fn __repr__(&self) -> String {
        format!(
            "<MatchResult {} hands, A {:+.1} mbb/hand>",
            self.hands, self.mbb_per_hand
        )
    }
}

fn bot_stats(py: Python<'_>, s: &hus::dealer::BotStats) -> PyResult<Py<PyDict>> {
    let o = PyDict::new(py);
    o.set_item("decisions", s.decisions)?;
    let rounds = PyDict::new(py);
    for phase in hus::game::Phase::ALL {
        let a = &s.actions[phase as usize];
        let counts = PyDict::new(py);
        counts.set_item("fold", a.fold)?;
        counts.set_item("check", a.check)?;
        counts.set_item("call", a.call)?;
        counts.set_item("raise", a.raise)?;
        rounds.set_item(phase.xml_tag(), counts)?;
    }
    o.set_item("actions", rounds)?;
    o.set_item("no_rule_matched", s.no_rule_matched)?;
    o.set_item("actions_made_legal", s.actions_made_legal)?;
    o.set_item("random_ties", s.random_ties)?;
    o.set_item("showdowns", s.showdowns)?;
    o.set_item("showdowns_won", s.showdowns_won)?;
    o.set_item("showdowns_split", s.showdowns_split)?;
    Ok(o.unbind())
}

/// Plays bot `a` against bot `b` as `hus match` does, without holding the GIL.
#[pyfunction]
#[pyo3(signature = (a, b, *, hands, seed, threads=1, duplicate=false, small_blind=50, big_blind=100, stack=10000, keep_hands=false))]
#[allow(clippy::too_many_arguments)]
fn play_match(
    py: Python<'_>,
    a: &Bot,
    b: &Bot,
    hands: u64,
    seed: u64,
    threads: usize,
    duplicate: bool,
    small_blind: i64,
    big_blind: i64,
    stack: i64,
    keep_hands: bool,
) -> PyResult<MatchResult> {
    let options = MatchOptions {
        hands,
        seed,
        threads,
        duplicate,
        small_blind,
        big_blind,
        stack,
        keep_hands,
        ..MatchOptions::new(hands, seed)
    };
    let result = py
        .detach(|| {
            catch_unwind(AssertUnwindSafe(|| {
                hus::play_match(&a.bot, &b.bot, &options)
            }))
        })
        .map_err(|_| InternalError::new_err("internal error in hus: a panic during the match"))?
        .map_err(|e| MatchError::new_err(e.to_string()))?;
    guard(|| {
        Ok(MatchResult {
            hands: result.hands,
            seed: result.seed,
            net_a: result.net_a,
            mbb_per_hand: result.mbb_per_hand(),
            ci95: result.ci95(),
            bots: vec![
                bot_stats(py, &result.bots[0])?,
                bot_stats(py, &result.bots[1])?,
            ],
            threads: result.threads,
            hand_results: result.hand_results.clone(),
        })
    })
}

#[pymodule]
fn _hus(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add_class::<Bot>()?;
    m.add_class::<Decision>()?;
    m.add_class::<Diagnostic>()?;
    m.add_class::<Fix>()?;
    m.add_class::<GameState>()?;
    m.add_class::<MatchResult>()?;
    m.add_function(wrap_pyfunction!(check, m)?)?;
    m.add_function(wrap_pyfunction!(play_match, m)?)?;
    m.add("HusError", py.get_type::<HusError>())?;
    m.add("ScriptError", py.get_type::<ScriptError>())?;
    m.add("GameStateError", py.get_type::<GameStateError>())?;
    m.add("DecideError", py.get_type::<DecideError>())?;
    m.add("MatchError", py.get_type::<MatchError>())?;
    m.add("InternalError", py.get_type::<InternalError>())?;
    Ok(())
}
