//! Bad input through the C interface: null pointers, invalid UTF-8, huge strings, values
//! outside the enumerations, random bytes as scripts and games. Every call returns an
//! error code with a message; none crashes.
//!
//! Every `unsafe` block here is a call of the interface with arguments within its contract
//! (null, or pointers to the strings, structs and outputs built beside the call): one note
//! for the file instead of the same `// SAFETY:` line beside each of its fifty calls.
#![allow(clippy::undocumented_unsafe_blocks)]

use std::ffi::{c_char, CStr, CString};
use std::ptr::{null, null_mut};

use hus_capi::*;

const TAG: &str = include_str!("../../examples/tag.hus");
const GAME: &str = include_str!("../../examples/games/flop-cbet.xml");

fn blank() -> HusDecision {
    HusDecision {
        action: 99,
        amount: 0.0,
        raise_to: 0.0,
        rule: 0,
        made_legal: 0,
        random_tie: 0,
        text: [0; 48],
    }
}

/// The status and message of an error, which is freed.
fn taken(error: *mut HusError) -> (HusStatus, String) {
    assert!(!error.is_null(), "a failure comes with an error");
    unsafe {
        let status = hus_error_status(error);
        let message = CStr::from_ptr(hus_error_message(error))
            .to_str()
            .expect("a UTF-8 message")
            .to_string();
        hus_error_free(error);
        (status, message)
    }
}

/// examples/tag.hus, loaded from its file (its tables are beside it).
fn load_tag() -> *mut HusBot {
    let path = CString::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../examples/tag.hus")).unwrap();
    let mut bot = null_mut();
    let mut error = null_mut();
    let status = unsafe { hus_bot_from_file(path.as_ptr(), null(), &mut bot, &mut error) };
    if status != HusStatus::Ok {
        panic!("{:?}", taken(error));
    }
    bot
}

fn decide_xml(bot: *const HusBot, xml: *const c_char) -> (HusStatus, *mut HusError) {
    let mut d = blank();
    let mut error = null_mut();
    let status = unsafe { hus_decide_xml(bot, xml, 1, &mut d, &mut error) };
    (status, error)
}

#[test]
fn a_good_script_and_game_decide_as_hus_decide() {
    let bot = load_tag();
    let xml = CString::new(GAME).unwrap();
    let mut d = blank();
    let mut error = null_mut();
    let status = unsafe { hus_decide_xml(bot, xml.as_ptr(), 1, &mut d, &mut error) };
    assert_eq!(status, HusStatus::Ok);
    assert!(error.is_null());
    let text = unsafe { CStr::from_ptr(d.text.as_ptr()) }.to_str().unwrap();
    assert_eq!(text, "raise 60");
    assert_eq!(d.action, HusAction::Raise as u32);
    unsafe { hus_bot_free(bot) };
}

#[test]
fn null_pointers_are_null_argument_errors() {
    let mut bot = null_mut();
    let mut error = null_mut();
    let s = unsafe { hus_bot_from_source(null(), c"x".as_ptr(), null(), &mut bot, &mut error) };
    assert_eq!(s, HusStatus::NullArgument);
    assert!(bot.is_null());
    assert_eq!(
        taken(error),
        (HusStatus::NullArgument, "name is a null pointer".into())
    );
    let s = unsafe { hus_bot_from_source(c"b".as_ptr(), null(), null(), &mut bot, null_mut()) };
    assert_eq!(s, HusStatus::NullArgument);
    let s =
        unsafe { hus_bot_from_source(c"b".as_ptr(), c"".as_ptr(), null(), null_mut(), null_mut()) };
    assert_eq!(s, HusStatus::NullArgument);
    let s = unsafe { hus_bot_from_file(null(), null(), &mut bot, null_mut()) };
    assert_eq!(s, HusStatus::NullArgument);
    let s = unsafe { hus_bot_builtin(null(), &mut bot, null_mut()) };
    assert_eq!(s, HusStatus::NullArgument);

    let good = load_tag();
    let xml = CString::new(GAME).unwrap();
    assert_eq!(decide_xml(null(), xml.as_ptr()).0, HusStatus::NullArgument);
    assert_eq!(decide_xml(good, null()).0, HusStatus::NullArgument);
    let s = unsafe { hus_decide_xml(good, xml.as_ptr(), 1, null_mut(), null_mut()) };
    assert_eq!(s, HusStatus::NullArgument);
    let mut d = blank();
    let s = unsafe { hus_decide_hand(good, null(), 1, &mut d, null_mut()) };
    assert_eq!(s, HusStatus::NullArgument);
    unsafe {
        assert_eq!(hus_error_status(null()), HusStatus::NullArgument);
        assert_eq!(CStr::from_ptr(hus_error_message(null())).to_bytes(), b"");
        assert_eq!(CStr::from_ptr(hus_bot_name(null())).to_bytes(), b"");
        hus_error_free(null_mut());
        hus_bot_free(null_mut());
        hus_bot_free(good);
    }
}

#[test]
fn invalid_utf8_is_an_invalid_utf8_error() {
    let bad = CString::new(vec![b'P', b'R', 0xff, 0xfe, b'\n']).unwrap();
    let mut bot = null_mut();
    let mut error = null_mut();
    let s =
        unsafe { hus_bot_from_source(c"b".as_ptr(), bad.as_ptr(), null(), &mut bot, &mut error) };
    assert_eq!(s, HusStatus::InvalidUtf8);
    assert_eq!(
        taken(error).1,
        "source is not UTF-8: an invalid byte at offset 2"
    );
    let s = unsafe { hus_bot_from_file(bad.as_ptr(), null(), &mut bot, null_mut()) };
    assert_eq!(s, HusStatus::InvalidUtf8);
    let good = load_tag();
    let (s, error) = decide_xml(good, bad.as_ptr());
    assert_eq!(taken(error).0, HusStatus::InvalidUtf8);
    assert_eq!(s, HusStatus::InvalidUtf8);
    unsafe { hus_bot_free(good) };
}

#[test]
fn huge_strings_are_too_large_errors() {
    let huge = CString::new(vec![b'#'; (16 << 20) + 1]).unwrap();
    let mut bot = null_mut();
    let mut error = null_mut();
    let s =
        unsafe { hus_bot_from_source(c"b".as_ptr(), huge.as_ptr(), null(), &mut bot, &mut error) };
    assert_eq!(s, HusStatus::TooLarge);
    assert_eq!(
        taken(error).1,
        "source is 16777217 bytes, more than the 16777216 allowed"
    );
    let good = load_tag();
    assert_eq!(decide_xml(good, huge.as_ptr()).0, HusStatus::TooLarge);
    let long_name = CString::new(vec![b'a'; 5000]).unwrap();
    let s = unsafe { hus_bot_from_file(long_name.as_ptr(), null(), &mut bot, null_mut()) };
    assert_eq!(s, HusStatus::TooLarge);
    unsafe { hus_bot_free(good) };
}

#[test]
fn bad_scripts_games_and_files_are_their_errors() {
    let mut bot = null_mut();
    let mut error = null_mut();
    let src = c"PREFLOP\nRULE\n  AK\n  THEN RAISE\nENDRULE\nENDPREFLOP\n";
    let s = unsafe {
        hus_bot_from_source(
            c"bad.hus".as_ptr(),
            src.as_ptr(),
            null(),
            &mut bot,
            &mut error,
        )
    };
    assert_eq!(s, HusStatus::ScriptError);
    let (_, message) = taken(error);
    assert!(message.starts_with("bad.hus:4:8: error: "), "{message}");
    let s =
        unsafe { hus_bot_from_file(c"/no/such/file.hus".as_ptr(), null(), &mut bot, null_mut()) };
    assert_eq!(s, HusStatus::Unreadable);
    let s = unsafe { hus_bot_builtin(c"nosuch".as_ptr(), &mut bot, null_mut()) };
    assert_eq!(s, HusStatus::Unreadable);
    let s = unsafe { hus_bot_builtin(c"equity".as_ptr(), &mut bot, null_mut()) };
    assert_eq!(s, HusStatus::Ok);
    assert_eq!(
        unsafe { CStr::from_ptr(hus_bot_name(bot)) }.to_bytes(),
        b"builtin:equity"
    );
    let (s, error) = decide_xml(bot, c"<game>".as_ptr());
    assert_eq!(s, HusStatus::InvalidGame);
    assert!(taken(error).1.starts_with("game.xml:"));
    unsafe { hus_bot_free(bot) };
    let options = HusBotOptions {
        flags: 8,
        external_timeout: 0.0,
        defines: null(),
    };
    let s =
        unsafe { hus_bot_from_source(c"b".as_ptr(), c"".as_ptr(), &options, &mut bot, null_mut()) };
    assert_eq!(s, HusStatus::InvalidArgument);
    let options = HusBotOptions {
        flags: 0,
        external_timeout: f64::NAN,
        defines: null(),
    };
    let s =
        unsafe { hus_bot_from_source(c"b".as_ptr(), c"".as_ptr(), &options, &mut bot, null_mut()) };
    assert_eq!(s, HusStatus::InvalidArgument);
}

#[test]
fn a_hand_struct_decides_as_its_xml_and_rejects_bad_fields() {
    let bot = load_tag();
    let acts = [HusAct {
        player: HusPlayer::Villain as u32,
        kind: HusActKind::Raise as u32,
        to: 300,
    }];
    let mut hand = HusHand {
        small_blind: 50.0,
        big_blind: 100.0,
        hero_stack: 10_000.0,
        villain_stack: 10_000.0,
        button: HusPlayer::Villain as u32,
        hero_cards: c"AsAd".as_ptr(),
        board: null(),
        acts: acts.as_ptr(),
        act_count: 1,
        chip: 0.0,
        act_places: 0,
    };
    let mut d = blank();
    let s = unsafe { hus_decide_hand(bot, &hand, 1, &mut d, null_mut()) };
    assert_eq!(s, HusStatus::Ok);
    assert_eq!(d.action, HusAction::Raise as u32);
    // A chip that is no chip size is the game's error, not a crash.
    hand.chip = -1.0;
    let mut error = null_mut();
    let s = unsafe { hus_decide_hand(bot, &hand, 1, &mut d, &mut error) };
    assert_eq!(s, HusStatus::InvalidGame);
    unsafe { hus_error_free(error) };
    hand.chip = 0.0;
    let mut error = null_mut();
    hand.button = 7;
    let s = unsafe { hus_decide_hand(bot, &hand, 1, &mut d, &mut error) };
    assert_eq!(s, HusStatus::InvalidArgument);
    assert_eq!(
        taken(error).1,
        "hand.button is 7, neither HUS_PLAYER_HERO (0) nor HUS_PLAYER_VILLAIN (1)"
    );
    hand.button = 1;
    hand.acts = null();
    assert_eq!(
        unsafe { hus_decide_hand(bot, &hand, 1, &mut d, null_mut()) },
        HusStatus::NullArgument
    );
    hand.act_count = usize::MAX;
    assert_eq!(
        unsafe { hus_decide_hand(bot, &hand, 1, &mut d, null_mut()) },
        HusStatus::TooLarge
    );
    hand.act_count = 0;
    hand.hero_cards = c"AsXx".as_ptr();
    assert_eq!(
        unsafe { hus_decide_hand(bot, &hand, 1, &mut d, null_mut()) },
        HusStatus::InvalidGame
    );
    hand.hero_cards = c"AsAd".as_ptr();
    hand.act_places = 10;
    let mut error = null_mut();
    assert_eq!(
        unsafe { hus_decide_hand(bot, &hand, 1, &mut d, &mut error) },
        HusStatus::InvalidArgument
    );
    assert_eq!(
        taken(error).1,
        "hand.act_places is 10, above 9 (the finest chip is 0.000000001)"
    );
    hand.act_places = 0;
    hand.small_blind = f64::NAN;
    assert_eq!(
        unsafe { hus_decide_hand(bot, &hand, 1, &mut d, null_mut()) },
        HusStatus::InvalidGame
    );
    unsafe { hus_bot_free(bot) };
}

/// An act's total counts 10^-act_places chips exactly: the villain's raise to 1.375 at
/// 0.25/0.5 (finer than the blinds) is 1375 thousandths whichever places write it, and the
/// decision is `hus decide`'s on the same hand's XML (a raise of 0.875 above the call).
#[test]
fn an_act_s_total_is_an_exact_count_of_its_places() {
    let bot = load_tag();
    for (to, act_places) in [(1375, 3), (1_375_000_000, 9)] {
        let acts = [HusAct {
            player: HusPlayer::Villain as u32,
            kind: HusActKind::Raise as u32,
            to,
        }];
        let hand = HusHand {
            small_blind: 0.25,
            big_blind: 0.5,
            hero_stack: 50.0,
            villain_stack: 50.0,
            button: HusPlayer::Villain as u32,
            hero_cards: c"AsAd".as_ptr(),
            board: null(),
            acts: acts.as_ptr(),
            act_count: 1,
            chip: 0.0,
            act_places,
        };
        let mut d = blank();
        let s = unsafe { hus_decide_hand(bot, &hand, 1, &mut d, null_mut()) };
        assert_eq!(s, HusStatus::Ok);
        let text = unsafe { CStr::from_ptr(d.text.as_ptr()) }.to_str().unwrap();
        assert_eq!((text, d.amount, d.raise_to), ("raise 2.625", 2.625, 4.0));
    }
    unsafe { hus_bot_free(bot) };
}

/// A small deterministic generator: the same bytes on every run.
struct Lcg(u64);

impl Lcg {
    fn next(&mut self) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        self.0 >> 33
    }
}

#[test]
fn random_bytes_as_scripts_and_games_are_errors_never_crashes() {
    let good = load_tag();
    let mut rng = Lcg(48);
    let pieces: [&[u8]; 8] = [
        GAME.as_bytes(),
        TAG.as_bytes(),
        b"<",
        b"\xff",
        b"RULE",
        b"\"",
        b"999999999999",
        b" ",
    ];
    for round in 0..400 {
        let mut bytes = Vec::new();
        for _ in 0..(rng.next() % 6) {
            let p = pieces[(rng.next() % 8) as usize];
            let from = (rng.next() as usize) % (p.len() + 1);
            let to = from + (rng.next() as usize) % (p.len() - from + 1);
            bytes.extend_from_slice(&p[from..to]);
        }
        bytes.retain(|&b| b != 0);
        let text = CString::new(bytes).unwrap();
        let mut bot = null_mut();
        let mut error = null_mut();
        let s = unsafe {
            hus_bot_from_source(c"r".as_ptr(), text.as_ptr(), null(), &mut bot, &mut error)
        };
        assert_ne!(s, HusStatus::Panic, "round {round}: {}", taken(error).1);
        if s == HusStatus::Ok {
            assert!(!bot.is_null() && error.is_null());
            unsafe { hus_bot_free(bot) };
        } else {
            assert!(bot.is_null());
            taken(error);
        }
        let (s, error) = decide_xml(good, text.as_ptr());
        assert_ne!(s, HusStatus::Panic, "round {round}: {}", taken(error).1);
        if s != HusStatus::Ok {
            taken(error);
        }
    }
    unsafe { hus_bot_free(good) };
}

#[test]
fn threads_decide_with_one_bot_at_once() {
    struct Shared(*mut HusBot);
    // SAFETY: the interface documents bots as shareable across threads.
    unsafe impl Sync for Shared {}
    impl Shared {
        fn get(&self) -> *mut HusBot {
            self.0
        }
    }
    let bot = Shared(load_tag());
    let xml = CString::new(GAME).unwrap();
    std::thread::scope(|s| {
        for _ in 0..4 {
            s.spawn(|| {
                for _ in 0..50 {
                    let mut d = blank();
                    let st =
                        unsafe { hus_decide_xml(bot.get(), xml.as_ptr(), 1, &mut d, null_mut()) };
                    assert_eq!(st, HusStatus::Ok);
                    assert_eq!(
                        unsafe { CStr::from_ptr(d.text.as_ptr()) }.to_bytes(),
                        b"raise 60"
                    );
                }
            });
        }
    });
    unsafe { hus_bot_free(bot.0) };
    assert_eq!(
        unsafe { CStr::from_ptr(hus_version()) }.to_bytes(),
        b"0.1.0"
    );
}

/// A script that always folds.
const FOLDER: &CStr = c"ALWAYS\nRULE\n  DO FOLD\nENDRULE\nENDALWAYS\n";

/// The timeouts the binary and Python are tested with (python/tests/test_library_manners.py):
/// C accepts and refuses each as the library's rule does (0 is C's "the default").
#[test]
fn an_external_timeout_follows_the_library_s_rule() {
    for seconds in [
        0.0005,
        0.001,
        5.0,
        86_400.0,
        86_400.5,
        -1.0,
        f64::NAN,
        f64::INFINITY,
    ] {
        let options = HusBotOptions {
            flags: 0,
            external_timeout: seconds,
            defines: null(),
        };
        let mut bot = null_mut();
        let mut error = null_mut();
        let s = unsafe {
            hus_bot_from_source(
                c"b".as_ptr(),
                FOLDER.as_ptr(),
                &options,
                &mut bot,
                &mut error,
            )
        };
        match hus_poker::settings::time_limit(seconds) {
            Ok(_) => {
                assert_eq!(s, HusStatus::Ok, "{seconds}");
                unsafe { hus_bot_free(bot) };
            }
            Err(rule) => {
                let (status, message) = taken(error);
                assert_eq!(status, HusStatus::InvalidArgument, "{seconds}");
                assert_eq!(message, format!("options.external_timeout {rule}"));
            }
        }
    }
}
