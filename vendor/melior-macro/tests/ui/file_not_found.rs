melior::dialect! {
    name: "func",
    files: ["IR/FuncOpsNotFound.td"],
}

fn main() {}
