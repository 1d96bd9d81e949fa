module {
  func.func @f() {
    %0 = arith.constant oops : i32
  }
}
