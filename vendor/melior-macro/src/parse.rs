mod dialect_operation_set;
mod identifier_list;
mod pass_set;

pub use dialect_operation_set::DialectOperationSet;
pub use identifier_list::IdentifierList;
pub use pass_set::PassSet;
