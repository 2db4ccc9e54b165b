//! `stats=`: the villain's statistics, written as the `<stats>` element and read by the XML reader.

use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict, PyInt};

use crate::errors::{field_error, invalid_game};

/// A count of `stats=` as the XML writes it: a Python int (not a bool), in decimal.
fn count_text(v: &Bound<'_, PyAny>, at: &str) -> PyResult<String> {
    if v.is_instance_of::<PyInt>() && !v.is_instance_of::<PyBool>() {
        return Ok(v.str()?.to_string());
    }
    Err(field_error(
        "stats",
        format!(
            "stats[{}]: a count is a whole number, not {}",
            hus::clip(at),
            hus::clip(&v.repr()?.to_cow()?)
        ),
    ))
}

/// A statistic's or attribute's name, safe to write as an XML name.
fn stats_name(k: &Bound<'_, PyAny>) -> PyResult<String> {
    match k.extract::<String>() {
        Ok(name) if !name.is_empty() && name.bytes().all(|b| b.is_ascii_alphanumeric()) => Ok(name),
        _ => Err(field_error(
            "stats",
            format!(
                "stats: {} is no statistic's name",
                hus::clip(&k.repr()?.to_cow()?)
            ),
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
            format!(
                "stats[{}]: a statistic is (times, chances) or (times, chances, hands)",
                hus::clip(name)
            ),
        ));
    }
    for (attr, v) in ["times", "chances", "hands"].iter().zip(&items) {
        out.push_str(&format!(" {attr}=\"{}\"", count_text(v, name)?));
    }
    Ok(out)
}

/// `stats=`: `{"hands": 40, "VPIP": (30, 38), "Aggression": (3, 10, 12)}`, written as the
/// `<stats>` element and read by the XML reader, so it is validated with the same errors.
pub(crate) fn stats_of(
    py: Python<'_>,
    obj: &Bound<'_, PyAny>,
) -> PyResult<hus_poker::game::OpponentStats> {
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
    hus_poker::game::xml::read_stats_element(&xml).map_err(|e| {
        let err = invalid_game(py, e, "<stats>");
        let _ = err.value(py).setattr("field", "stats");
        err
    })
}

/// The statistics as `stats=` takes them: `hands`, then `(times, chances)` per statistic
/// observed, `(times, chances, hands)` for an aggression factor.
pub(crate) fn stats_dict<'py>(
    py: Python<'py>,
    s: &hus_poker::game::OpponentStats,
) -> PyResult<Bound<'py, PyDict>> {
    let o = PyDict::new(py);
    o.set_item("hands", s.hands)?;
    for stat in hus_poker::game::OpponentStat::ALL {
        let c = &s.counts[stat as usize];
        if *c == Default::default() {
            continue;
        }
        if stat.is_ratio() {
            o.set_item(stat.name(), (c.times, c.chances, c.hands))?;
        } else {
            o.set_item(stat.name(), (c.times, c.chances))?;
        }
    }
    Ok(o)
}
