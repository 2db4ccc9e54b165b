//! The file format the committed strength tables share (`tables/flop-equity.bin`,
//! `tables/preflop-matchups.bin`): an 8-byte magic, 170 little-endian `u32` offsets (each hole
//! class's first entry, then the total), then the entries, a fixed number of bytes each.

/// What tells one table file from another: its magic, its name in messages, and its entries.
#[derive(Debug)]
pub struct TableFormat {
    pub magic: &'static [u8; 8],
    /// `flop equity table`: what a file with the wrong magic is not.
    pub name: &'static str,
    /// `classes`, `matchups`: what an entry is, in messages.
    pub entry: &'static str,
    /// How many entries the file holds.
    pub entries: usize,
    /// Bytes an entry.
    pub width: usize,
}

/// A table file, checked: the offsets and the entries.
#[derive(Debug)]
pub struct ClassTable<'a> {
    offsets: Vec<usize>,
    entries: &'a [u8],
    width: usize,
}

impl<'a> ClassTable<'a> {
    /// Reads the header; an error says what is wrong with the bytes.
    pub fn parse(bytes: &'a [u8], format: &TableFormat) -> Result<ClassTable<'a>, String> {
        let magic = format.magic.as_slice();
        let head = magic.len() + 170 * 4;
        if bytes.len() < head || &bytes[..magic.len()] != magic {
            return Err(format!("not a {} (wrong magic or too short)", format.name));
        }
        let offsets: Vec<usize> = bytes[magic.len()..head]
            .chunks_exact(4)
            .map(|b| u32::from_le_bytes([b[0], b[1], b[2], b[3]]) as usize)
            .collect();
        if offsets[0] != 0 || offsets.windows(2).any(|w| w[0] > w[1]) {
            return Err("the class offsets do not increase from 0".into());
        }
        let (n, width) = (format.entries, format.width);
        if offsets[169] != n || bytes.len() != head + width * n {
            return Err(format!(
                "expected {n} {} of {width} bytes, found {} bytes of counts",
                format.entry,
                bytes.len() - head
            ));
        }
        Ok(ClassTable {
            offsets,
            entries: &bytes[head..],
            width,
        })
    }

    /// The stored entries of one class, [`TableFormat::width`] bytes each.
    pub fn class(&self, class: usize) -> &'a [u8] {
        let w = self.width;
        &self.entries[w * self.offsets[class]..w * self.offsets[class + 1]]
    }
}

/// The file's bytes from the entries of each of the 169 classes, each written by `entry`
/// (which must write [`TableFormat::width`] bytes).
pub fn write<T>(
    format: &TableFormat,
    per_class: &[Vec<T>],
    entry: impl Fn(&T, &mut Vec<u8>),
) -> Vec<u8> {
    assert_eq!(per_class.len(), 169);
    let mut out = format.magic.to_vec();
    let mut at = 0u32;
    for entries in per_class {
        out.extend(at.to_le_bytes());
        at += entries.len() as u32;
    }
    out.extend(at.to_le_bytes());
    for e in per_class.iter().flatten() {
        let before = out.len();
        entry(e, &mut out);
        assert_eq!(out.len() - before, format.width, "an entry's width");
    }
    out
}

/// The checks every table's tests make: a file of no entries, a short one, a wrong magic
/// and decreasing offsets are each refused with their message.
#[cfg(test)]
pub fn assert_damage_refused(format: &TableFormat, empty: Vec<u8>) {
    let parse = |b: &[u8]| ClassTable::parse(b, format).unwrap_err();
    let expected = format!("expected {} {}", format.entries, format.entry);
    assert!(parse(&empty).contains(&expected), "{}", parse(&empty));
    assert!(parse(format.magic).contains("wrong magic or too short"));
    let mut bad = empty.clone();
    bad[0] = b'X';
    assert!(parse(&bad).contains("wrong magic"));
    let mut bad = empty;
    bad[8] = 1;
    assert!(parse(&bad).contains("do not increase from 0"));
}
