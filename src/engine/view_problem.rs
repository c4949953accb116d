//! Why a position read from outside the device (a seat copy: a view, never replayed here) is
//! not one the screens can draw: what `System::check_view` and the seat-copy check give back,
//! typed, and worded once here for whoever shows it.

use std::fmt;

/// What is wrong with a view read from outside. A view the rules produced never has any.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ViewProblem {
    /// A number outside what the rules allow: `what` is it ("its turn", "Anna's teams").
    OutOfRange { what: String, value: i64 },
    /// A list of another length than the setup gives it ("Anna's roster": 2 where 3 were bought).
    Length { what: String, expected: usize, found: usize },
    /// Lists that follow the setup's item by item and do not: `what` ("its losses of Anna") is
    /// not shaped as `like` ("their orbat").
    Shape { what: String, like: String },
    /// It names what the setup does not hold: `by` names it ("it", "turn 3"), `what` is named
    /// ("sector 9"), `not` says where it would have to be ("on the line").
    NotThere { by: String, what: String, not: String },
    /// Parts of the position that contradict each other, said as a clause ("it holds a stance
    /// not chosen").
    Inconsistent { what: String },
    /// Its setup is not one the rules start from: the rules' own words for why.
    Setup(String),
    /// The view of a seat (counted from 0) the setup does not have.
    NoSuchSeat { seat: u8 },
}

impl ViewProblem {
    pub fn out_of_range(what: impl Into<String>, value: impl Into<i64>) -> ViewProblem {
        ViewProblem::OutOfRange { what: what.into(), value: value.into() }
    }
    pub fn length(what: impl Into<String>, expected: usize, found: usize) -> ViewProblem {
        ViewProblem::Length { what: what.into(), expected, found }
    }
    pub fn shape(what: impl Into<String>, like: impl Into<String>) -> ViewProblem {
        ViewProblem::Shape { what: what.into(), like: like.into() }
    }
    pub fn not_there(by: impl Into<String>, what: impl Into<String>, not: impl Into<String>) -> ViewProblem {
        ViewProblem::NotThere { by: by.into(), what: what.into(), not: not.into() }
    }
    pub fn inconsistent(what: impl Into<String>) -> ViewProblem {
        ViewProblem::Inconsistent { what: what.into() }
    }
}

impl fmt::Display for ViewProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ViewProblem::OutOfRange { what, value } => write!(f, "{what} is {value}, which the rules do not allow"),
            ViewProblem::Length { what, expected, found } => {
                write!(f, "{what} holds {found} where the setup gives {expected}")
            }
            ViewProblem::Shape { what, like } => write!(f, "{what} are not shaped as {like}"),
            ViewProblem::NotThere { by, what, not } => write!(f, "{by} names {what}, not {not}"),
            ViewProblem::Inconsistent { what } => f.write_str(what),
            ViewProblem::Setup(why) => f.write_str(why),
            ViewProblem::NoSuchSeat { seat } => {
                write!(f, "it is the view of seat {}, not one at this table", *seat as u32 + 1)
            }
        }
    }
}

impl std::error::Error for ViewProblem {}
