//! Pasted lists (a wizard's units, one a line): the lines that say something, numbered as the
//! player sees them, for each system's reader of its own list.

/// The lines of `text` that are neither blank nor a `#` comment, trimmed, each with its line
/// number counted from 1 over every line, so an error names the line the player sees.
pub fn entries(text: &str) -> impl Iterator<Item = (usize, &str)> {
    text.lines().enumerate().map(|(i, l)| (i + 1, l.trim())).filter(|(_, l)| !l.is_empty() && !l.starts_with('#'))
}

#[cfg(test)]
mod tests {
    #[test]
    fn blank_and_comment_lines_are_skipped_but_counted() {
        let got: Vec<_> = super::entries("a\n\n  # note\n  b  \n").collect();
        assert_eq!(got, vec![(1, "a"), (4, "b")]);
    }
}
