use super::*;

#[test]
fn ten_big_blinds_quick() {
    let g = PushFold::new(10.0, 0.5, 0.0).unwrap();
    let t = std::time::Instant::now();
    let e = solve(&g).unwrap();
    eprintln!("{:?} pivots {} value {} gap {}", t.elapsed(), e.pivots, e.value, e.gap);
    let pushes: f64 = (0..169).map(|i| e.push[i] * f64::from(HoleClass::from_index(i).combos())).sum::<f64>() / 1326.0;
    let calls: f64 = (0..169).map(|i| e.call[i] * f64::from(HoleClass::from_index(i).combos())).sum::<f64>() / 1326.0;
    eprintln!("push {pushes} call {calls}");
    for i in 0..169 { if e.push[i] > 0.0 && e.push[i] < 1.0 || e.call[i] > 0.0 && e.call[i] < 1.0 { eprintln!("{} {} {}", HoleClass::from_index(i).name(), e.push[i], e.call[i]); } }
}
