use field_desk::share::follow::Follow;
use field_desk::share::link;
use field_desk::share::seat::SeatCopy;
#[test]
fn t() {
    let new = SeatCopy::from_json(&std::fs::read_to_string("/tmp/new.json").unwrap()).unwrap();
    let old = SeatCopy::from_json(&std::fs::read_to_string("/tmp/old.json").unwrap()).unwrap();
    let mut f = Follow::make(&new, Some(&old));
    println!("compact {}", link::encode_follow(&f, Some(&old)).len());
    println!("patch {}", serde_json::to_string(&f.patch).unwrap());
    f.compact = false;
    f.patch = Some(serde_json::json!(null));
}
