//! `func.call`: the callee's body, inlined at each call site.
//!
//! Model. A DSL often factors a kernel into device functions: `func.func`s in the kernel's
//! `gpu.module`, called with `func.call`. The callee's single block is translated afresh for
//! every call site into the body of an [`Op::Call`]; its block arguments are the parameters,
//! and its `func.return` ends it. Running the call copies the operands into the parameters,
//! runs the body for the calling threads and copies the returned values into the results —
//! exactly what inlining would compute, with barriers and memory effects in place.
//!
//! Assumptions. The callee is found in the symbol tables around the kernel, nearest first, as
//! MLIR resolves a flat symbol reference. A declaration (no body), a callee with several blocks
//! and recursion (a callee already being inlined) are unsupported, with that reason.
//!
//! Cost. Each call site costs the size of its callee (and of the callees it calls).

use interp::{Op, Printer};
use mlir_sys::*;

use gpu_mem_opt::ir;

use crate::translator::Translator;

impl Translator {
    /// `func.call`: the callee's body as an [`Op::Call`], or why it cannot be inlined.
    pub(crate) fn call(&mut self, operation: MlirOperation) -> Result<Op, String> {
        let reference = ir::attribute(operation, "callee")
            .filter(|&name| unsafe { mlirAttributeIsASymbolRef(name) })
            .ok_or("no callee symbol")?;
        let callee = unsafe { ir::string_ref(mlirSymbolRefAttrGetRootReference(reference)) };
        let function = ir::lookup_symbol(self.kernel, reference)
            .filter(|&found| ir::operation_name(found) == "func.func")
            .ok_or_else(|| format!("no func.func @{callee}"))?;
        let region = unsafe { mlirOperationGetRegion(function, 0) };
        if unsafe { mlirRegionGetFirstBlock(region) }.ptr.is_null() {
            if let Some(printer) = Printer::named(&callee) {
                return Ok(Op::Print(printer));
            }
            return Err(format!("@{callee} is a declaration without a body"));
        }
        if self.calls.contains(&callee) {
            return Err(format!("@{callee} calls itself"));
        }
        self.calls.push(callee.clone());
        let body = self.region(function, 0);
        self.calls.pop();
        Ok(Op::Call {
            body: body.map_err(|reason| format!("@{callee} has {reason}"))?,
            callee,
        })
    }
}
