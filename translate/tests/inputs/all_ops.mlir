// Every op the interpreter supports, in one runnable kernel (translate/tests/translate.rs).
#set = affine_set<(d0)[s0] : (d0 - 1 >= 0, s0 - d0 - 1 >= 0)>
module attributes {gpu.container_module} {
  gpu.module @kernels {
    memref.global "private" constant @table : memref<4xf64> = dense<[1.0, 2.0, 3.0, 4.0]>
    gpu.func @all(%f: memref<32xf32>, %i: memref<32xi32>, %h: memref<32xf16>, %n: index, %s: f32)
        workgroup(%shared: memref<32xf32, #gpu.address_space<workgroup>>)
        private(%local: memref<4xi32, #gpu.address_space<private>>) kernel
        attributes {known_block_size = array<i32: 32, 1, 1>} {
      %tx = gpu.thread_id x
      %ty = gpu.thread_id y
      %bx = gpu.block_id x
      %bd = gpu.block_dim x
      %gd = gpu.grid_dim x
      %lane = gpu.lane_id
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %c4 = arith.constant 4 : index
      %x = memref.load %f[%tx] : memref<32xf32>
      %y = memref.load %i[%tx] : memref<32xi32>
      %a1 = arith.addf %x, %s : f32
      %a2 = arith.subf %a1, %x : f32
      %a3 = arith.mulf %a2, %x : f32
      %a4 = arith.divf %a3, %s : f32
      %a5 = arith.remf %a4, %s : f32
      %a6 = arith.minimumf %a5, %x : f32
      %a7 = arith.maximumf %a6, %x : f32
      %a8 = arith.minnumf %a7, %x : f32
      %a9 = arith.maxnumf %a8, %x : f32
      %b1 = arith.negf %a9 : f32
      %b2 = math.absf %b1 : f32
      %b3 = math.sqrt %b2 : f32
      %b4 = math.rsqrt %s : f32
      %b5 = math.exp %x : f32
      %b6 = math.exp2 %x : f32
      %b7 = math.log %b5 : f32
      %b8 = math.log2 %b6 : f32
      %b9 = math.floor %b8 : f32
      %d1 = math.ceil %b9 : f32
      %d2 = math.round %d1 : f32
      %d3 = math.trunc %d2 : f32
      %d4 = math.tanh %d3 : f32
      %d5 = math.sin %d4 : f32
      %d6 = math.cos %d5 : f32
      %d7 = math.fma %d6, %b3, %b4 : f32
      %e1 = arith.addi %y, %y : i32
      %e2 = arith.subi %e1, %y : i32
      %e3 = arith.muli %e2, %y : i32
      %one = arith.constant 1 : i32
      %e4 = arith.divsi %e3, %one : i32
      %e5 = arith.divui %e4, %one : i32
      %e6 = arith.remsi %e5, %one : i32
      %e7 = arith.remui %e6, %one : i32
      %e8 = arith.floordivsi %e7, %one : i32
      %e9 = arith.ceildivsi %e8, %one : i32
      %g1 = arith.ceildivui %e9, %one : i32
      %g2 = arith.andi %g1, %y : i32
      %g3 = arith.ori %g2, %y : i32
      %g4 = arith.xori %g3, %y : i32
      %g5 = arith.shli %g4, %one : i32
      %g6 = arith.shrsi %g5, %one : i32
      %g7 = arith.shrui %g6, %one : i32
      %g8 = arith.minsi %g7, %y : i32
      %g9 = arith.maxsi %g8, %y : i32
      %k1 = arith.minui %g9, %y : i32
      %k2 = arith.maxui %k1, %y : i32
      %k3 = math.absi %k2 : i32
      %k4 = arith.cmpi sle, %k3, %y : i32
      %k5 = arith.cmpf ult, %d7, %x : f32
      %k6 = arith.select %k4, %k3, %y : i32
      %l1 = arith.extsi %k6 : i32 to i64
      %l2 = arith.extui %k6 : i32 to i64
      %l3 = arith.trunci %l2 : i64 to i16
      %l4 = arith.sitofp %l1 : i64 to f64
      %l5 = arith.uitofp %l3 : i16 to f16
      %l6 = arith.fptosi %l4 : f64 to i32
      %l7 = arith.fptoui %l5 : f16 to i8
      %l8 = arith.extf %l5 : f16 to f32
      %l9 = arith.truncf %l8 : f32 to f16
      %m1 = arith.index_cast %l6 : i32 to index
      %m2 = arith.index_castui %l7 : i8 to index
      %m3 = arith.bitcast %l8 : f32 to i32
      %ix1 = index.add %m1, %m2
      %ix2 = index.sub %ix1, %m2
      %ix3 = index.mul %ix2, %c1
      %ix4 = index.divs %ix3, %c1
      %ix5 = index.divu %ix4, %c1
      %ix6 = index.rems %ix5, %c1
      %ix7 = index.remu %ix6, %c1
      %ix8 = index.ceildivs %ix7, %c1
      %ix9 = index.ceildivu %ix8, %c1
      %iy1 = index.floordivs %ix9, %c1
      %iy2 = index.and %iy1, %c1
      %iy3 = index.or %iy2, %c1
      %iy4 = index.xor %iy3, %c1
      %iy5 = index.shl %iy4, %c1
      %iy6 = index.shrs %iy5, %c1
      %iy7 = index.shru %iy6, %c1
      %iy8 = index.mins %iy7, %c1
      %iy9 = index.maxs %iy8, %c1
      %iz1 = index.minu %iy9, %c1
      %iz2 = index.maxu %iz1, %c1
      %iz3 = index.cmp slt(%iz2, %c1)
      %iz4 = index.casts %iz2 : index to i32
      %iz5 = index.castu %iz4 : i32 to index
      %iz6 = index.bool.constant true
      memref.store %x, %shared[%tx] : memref<32xf32, #gpu.address_space<workgroup>>
      gpu.barrier
      memref.store %y, %local[%c0] : memref<4xi32, #gpu.address_space<private>>
      %al = memref.alloc() : memref<8xf32, #gpu.address_space<workgroup>>
      %aa = memref.alloca(%c4) : memref<?xi32>
      %dim = memref.dim %aa, %c0 : memref<?xi32>
      memref.dealloc %al : memref<8xf32, #gpu.address_space<workgroup>>
      %sv = memref.subview %f[4] [8] [2] : memref<32xf32> to memref<8xf32, strided<[2], offset: 4>>
      %cast = memref.cast %sv : memref<8xf32, strided<[2], offset: 4>> to memref<8xf32, strided<[?], offset: ?>>
      %rc = memref.reinterpret_cast %f to offset: [0], sizes: [4, 8], strides: [8, 1] : memref<32xf32> to memref<4x8xf32>
      %ex = memref.expand_shape %f [[0, 1]] output_shape [2, 16] : memref<32xf32> into memref<2x16xf32>
      %co = memref.collapse_shape %ex [[0, 1]] : memref<2x16xf32> into memref<32xf32>
      %gl = memref.get_global @table : memref<4xf64>
      %msc = memref.memory_space_cast %shared : memref<32xf32, #gpu.address_space<workgroup>> to memref<32xf32>
      %v1 = vector.load %f[%c0] : memref<32xf32>, vector<4xf32>
      vector.store %v1, %f[%c4] : memref<32xf32>, vector<4xf32>
      %pad = arith.constant 0.0 : f32
      %v2 = vector.transfer_read %rc[%c0, %c1], %pad {permutation_map = affine_map<(d0, d1) -> (d0)>} : memref<4x8xf32>, vector<4xf32>
      %v3 = vector.transfer_read %rc[%c0, %c1], %pad {permutation_map = affine_map<(d0, d1) -> (0)>} : memref<4x8xf32>, vector<4xf32>
      vector.transfer_write %v2, %rc[%c0, %c0] : vector<4xf32>, memref<4x8xf32>
      %v4 = vector.broadcast %x : f32 to vector<4xf32>
      %v5 = vector.extract %v4[%c1] : f32 from vector<4xf32>
      %v6 = vector.insert %v5, %v4[3] : f32 into vector<4xf32>
      %v7 = vector.reduction <maximumf>, %v6, %x : vector<4xf32> into f32
      %sh, %valid = gpu.shuffle down %v7, %one, %one : f32
      %sh2, %valid2 = gpu.shuffle idx %v7, %one, %one : f32
      %sh3, %valid3 = gpu.shuffle up %v7, %one, %one : f32
      %fr = scf.for %it = %c0 to %c4 step %c1 iter_args(%acc = %x) -> f32 {
        %nx = arith.addf %acc, %x : f32
        scf.yield %nx : f32
      }
      %fr2 = scf.for unsigned %it = %c0 to %c4 step %c1 iter_args(%acc = %x) -> f32 {
        scf.yield %acc : f32
      }
      scf.parallel (%p, %q) = (%c0, %c0) to (%c2, %c2) step (%c1, %c1) {
        scf.reduce
      }
      %af = affine.for %j = 0 to min affine_map<(d0) -> (d0, 4)>(%c4) step 2 iter_args(%acc = %c0) -> index {
        %ap = affine.apply affine_map<(d0)[s0] -> (d0 * 2 + s0)>(%j)[%acc]
        %mx = affine.max affine_map<(d0) -> (d0 ceildiv 2, 0)>(%ap)
        %ld = affine.load %f[%j + 1] : memref<32xf32>
        affine.store %ld, %f[%j] : memref<32xf32>
        affine.yield %mx : index
      }
      affine.if #set(%tx)[%c4] {
        affine.store %x, %f[symbol(%tx)] : memref<32xf32>
      }
      %wr = scf.while (%w = %c0) : (index) -> index {
        %cond = arith.cmpi slt, %w, %c2 : index
        scf.condition(%cond) %w : index
      } do {
      ^bb0(%w2: index):
        %w3 = arith.addi %w2, %c1 : index
        scf.yield %w3 : index
      }
      gpu.return
    }
  }
}
