// Real code: Rodinia SRAD v2 srad_cuda_1 (directional derivatives and the diffusion
// coefficient, hand-staged through six __shared__ 16x16 tiles), the gpu.func of
// test/RealCode/srad.mlir, ported from
// GitHub yuhc/gpu-rodinia, commit 9c10d3ea16ddba2ba057cc3951a9efc4c2cc18a4 (Rodinia 3.1),
// cuda/srad/srad_v2/srad_kernel.cu.
// Unchanged from the port: the sizes are the int arguments cols, rows (no size constant in the
// kernel). As people write it: J_cuda[cols*BLOCK_SIZE*by + BLOCK_SIZE*bx + cols*ty + tx] flat on
// memref<?xf32>, int cols, rows as i32 arguments, gridDim in the edge tests, five coalesced
// stores per thread, 16x16 blocks (no known_block_size: the suite gives the block).
module attributes {gpu.container_module} {
  gpu.module @kernels {
    // __global__ void srad_cuda_1(float *E_C, float *W_C, float *N_C, float *S_C,
    //     float * J_cuda, float * C_cuda, int cols, int rows, float q0sqr)
    gpu.func @srad_cuda_1(%E_C: memref<?xf32>, %W_C: memref<?xf32>, %N_C: memref<?xf32>,
                          %S_C: memref<?xf32>, %J_cuda: memref<?xf32>, %C_cuda: memref<?xf32>,
                          %cols: i32, %rows: i32, %q0sqr: f32)
        // __shared__ float temp[BLOCK_SIZE][BLOCK_SIZE];
        // __shared__ float temp_result[BLOCK_SIZE][BLOCK_SIZE];
        // __shared__ float north[BLOCK_SIZE][BLOCK_SIZE];
        // __shared__ float south[BLOCK_SIZE][BLOCK_SIZE];
        // __shared__ float  east[BLOCK_SIZE][BLOCK_SIZE];
        // __shared__ float  west[BLOCK_SIZE][BLOCK_SIZE];
        workgroup(%temp : memref<16x16xf32, #gpu.address_space<workgroup>>,
                  %temp_result : memref<16x16xf32, #gpu.address_space<workgroup>>,
                  %north : memref<16x16xf32, #gpu.address_space<workgroup>>,
                  %south : memref<16x16xf32, #gpu.address_space<workgroup>>,
                  %east : memref<16x16xf32, #gpu.address_space<workgroup>>,
                  %west : memref<16x16xf32, #gpu.address_space<workgroup>>)
        kernel {
      %BLOCK_SIZE = arith.constant 16 : index
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %B1 = arith.constant 15 : index
      %f0 = arith.constant 0.0 : f32
      %f1 = arith.constant 1.0 : f32
      %d_half = arith.constant 0.5 : f64
      %d_one = arith.constant 1.0 : f64
      %d_sixteen = arith.constant 16.0 : f64
      %d_quarter = arith.constant 0.25 : f64
      // int bx = blockIdx.x; int by = blockIdx.y; int tx = threadIdx.x; int ty = threadIdx.y;
      %bx = gpu.block_id x
      %by = gpu.block_id y
      %tx = gpu.thread_id x
      %ty = gpu.thread_id y
      %gdx = gpu.grid_dim x
      %gdy = gpu.grid_dim y
      %colsi = arith.index_cast %cols : i32 to index
      // cols * BLOCK_SIZE * by + BLOCK_SIZE * bx, the start of each index
      %cB = arith.muli %colsi, %BLOCK_SIZE : index
      %cBby = arith.muli %cB, %by : index
      %Bbx = arith.muli %BLOCK_SIZE, %bx : index
      %base = arith.addi %cBby, %Bbx : index
      %cty = arith.muli %colsi, %ty : index
      // int index   = cols * BLOCK_SIZE * by + BLOCK_SIZE * bx + cols * ty + tx;
      %index0 = arith.addi %base, %cty : index
      %index = arith.addi %index0, %tx : index
      // int index_n = cols * BLOCK_SIZE * by + BLOCK_SIZE * bx + tx - cols;
      %index_n0 = arith.addi %base, %tx : index
      %index_n = arith.subi %index_n0, %colsi : index
      // int index_s = cols * BLOCK_SIZE * by + BLOCK_SIZE * bx + cols * BLOCK_SIZE + tx;
      %index_s0 = arith.addi %base, %cB : index
      %index_s = arith.addi %index_s0, %tx : index
      // int index_w = cols * BLOCK_SIZE * by + BLOCK_SIZE * bx + cols * ty - 1;
      %index_w = arith.subi %index0, %c1 : index
      // int index_e = cols * BLOCK_SIZE * by + BLOCK_SIZE * bx + cols * ty + BLOCK_SIZE;
      %index_e = arith.addi %index0, %BLOCK_SIZE : index
      %gdx1 = arith.subi %gdx, %c1 : index
      %gdy1 = arith.subi %gdy, %c1 : index

      // north[ty][tx] = J_cuda[index_n];
      // south[ty][tx] = J_cuda[index_s];
      // if ( by == 0 ) north[ty][tx] = J_cuda[BLOCK_SIZE * bx + tx];
      // else if ( by == gridDim.y - 1 ) south[ty][tx] = J_cuda[cols * BLOCK_SIZE * (gridDim.y - 1)
      //     + BLOCK_SIZE * bx + cols * ( BLOCK_SIZE - 1 ) + tx];
      %top = arith.cmpi eq, %by, %c0 : index
      %bottom = arith.cmpi eq, %by, %gdy1 : index
      scf.if %top {
        // if ( by == 0 ) north[ty][tx] = J_cuda[BLOCK_SIZE * bx + tx];
        %ntop = arith.addi %Bbx, %tx : index
        %v = memref.load %J_cuda[%ntop] : memref<?xf32>
        memref.store %v, %north[%ty, %tx] : memref<16x16xf32, #gpu.address_space<workgroup>>
        // (south[ty][tx] = J_cuda[index_s] stands)
        %u = memref.load %J_cuda[%index_s] : memref<?xf32>
        memref.store %u, %south[%ty, %tx] : memref<16x16xf32, #gpu.address_space<workgroup>>
      } else {
        // (north[ty][tx] = J_cuda[index_n] stands)
        %v = memref.load %J_cuda[%index_n] : memref<?xf32>
        memref.store %v, %north[%ty, %tx] : memref<16x16xf32, #gpu.address_space<workgroup>>
        scf.if %bottom {
          // else if ( by == gridDim.y - 1 ) south[ty][tx] = J_cuda[...];
          %s0 = arith.muli %cB, %gdy1 : index
          %s1 = arith.addi %s0, %Bbx : index
          %s2 = arith.muli %colsi, %B1 : index
          %s3 = arith.addi %s1, %s2 : index
          %sbot = arith.addi %s3, %tx : index
          %u = memref.load %J_cuda[%sbot] : memref<?xf32>
          memref.store %u, %south[%ty, %tx] : memref<16x16xf32, #gpu.address_space<workgroup>>
        } else {
          // (south[ty][tx] = J_cuda[index_s] stands)
          %u = memref.load %J_cuda[%index_s] : memref<?xf32>
          memref.store %u, %south[%ty, %tx] : memref<16x16xf32, #gpu.address_space<workgroup>>
        }
      }
      // __syncthreads();
      gpu.barrier

      // west[ty][tx] = J_cuda[index_w];
      // east[ty][tx] = J_cuda[index_e];
      // if ( bx == 0 ) west[ty][tx] = J_cuda[cols * BLOCK_SIZE * by + cols * ty];
      // else if ( bx == gridDim.x - 1 ) east[ty][tx] = J_cuda[cols * BLOCK_SIZE * by
      //     + BLOCK_SIZE * ( gridDim.x - 1) + cols * ty + BLOCK_SIZE-1];
      %left = arith.cmpi eq, %bx, %c0 : index
      %right = arith.cmpi eq, %bx, %gdx1 : index
      scf.if %left {
        // if ( bx == 0 ) west[ty][tx] = J_cuda[cols * BLOCK_SIZE * by + cols * ty];
        %wleft = arith.addi %cBby, %cty : index
        %v = memref.load %J_cuda[%wleft] : memref<?xf32>
        memref.store %v, %west[%ty, %tx] : memref<16x16xf32, #gpu.address_space<workgroup>>
        // (east[ty][tx] = J_cuda[index_e] stands)
        %u = memref.load %J_cuda[%index_e] : memref<?xf32>
        memref.store %u, %east[%ty, %tx] : memref<16x16xf32, #gpu.address_space<workgroup>>
      } else {
        // (west[ty][tx] = J_cuda[index_w] stands)
        %v = memref.load %J_cuda[%index_w] : memref<?xf32>
        memref.store %v, %west[%ty, %tx] : memref<16x16xf32, #gpu.address_space<workgroup>>
        scf.if %right {
          // else if ( bx == gridDim.x - 1 ) east[ty][tx] = J_cuda[...];
          %e0 = arith.muli %BLOCK_SIZE, %gdx1 : index
          %e1 = arith.addi %cBby, %e0 : index
          %e2 = arith.addi %e1, %cty : index
          %e3 = arith.addi %e2, %BLOCK_SIZE : index
          %eright = arith.subi %e3, %c1 : index
          %u = memref.load %J_cuda[%eright] : memref<?xf32>
          memref.store %u, %east[%ty, %tx] : memref<16x16xf32, #gpu.address_space<workgroup>>
        } else {
          // (east[ty][tx] = J_cuda[index_e] stands)
          %u = memref.load %J_cuda[%index_e] : memref<?xf32>
          memref.store %u, %east[%ty, %tx] : memref<16x16xf32, #gpu.address_space<workgroup>>
        }
      }
      // __syncthreads();
      gpu.barrier

      // temp[ty][tx] = J_cuda[index];
      %jv = memref.load %J_cuda[%index] : memref<?xf32>
      memref.store %jv, %temp[%ty, %tx] : memref<16x16xf32, #gpu.address_space<workgroup>>
      // __syncthreads();
      gpu.barrier

      // jc = temp[ty][tx];
      %jc = memref.load %temp[%ty, %tx] : memref<16x16xf32, #gpu.address_space<workgroup>>
      %tym1 = arith.subi %ty, %c1 : index
      %typ1 = arith.addi %ty, %c1 : index
      %txm1 = arith.subi %tx, %c1 : index
      %txp1 = arith.addi %tx, %c1 : index
      %ty_first = arith.cmpi eq, %ty, %c0 : index
      %ty_last = arith.cmpi eq, %ty, %B1 : index
      %tx_first = arith.cmpi eq, %tx, %c0 : index
      %tx_last = arith.cmpi eq, %tx, %B1 : index
      // if ( ty == 0 && tx == 0 ) { //nw
      %is_nw = arith.andi %ty_first, %tx_first : i1
      %nswe:4 = scf.if %is_nw -> (f32, f32, f32, f32) {
        // n = north[ty][tx] - jc; s = temp[ty+1][tx] - jc; w = west[ty][tx] - jc; e = temp[ty][tx+1] - jc;
        %a = memref.load %north[%ty, %tx] : memref<16x16xf32, #gpu.address_space<workgroup>>
        %n = arith.subf %a, %jc : f32
        %b = memref.load %temp[%typ1, %tx] : memref<16x16xf32, #gpu.address_space<workgroup>>
        %s = arith.subf %b, %jc : f32
        %c = memref.load %west[%ty, %tx] : memref<16x16xf32, #gpu.address_space<workgroup>>
        %w = arith.subf %c, %jc : f32
        %d = memref.load %temp[%ty, %txp1] : memref<16x16xf32, #gpu.address_space<workgroup>>
        %e = arith.subf %d, %jc : f32
        scf.yield %n, %s, %w, %e : f32, f32, f32, f32
      } else {
        // else if ( ty == 0 && tx == BLOCK_SIZE-1 ) { //ne
        %is_ne = arith.andi %ty_first, %tx_last : i1
        %r_ne:4 = scf.if %is_ne -> (f32, f32, f32, f32) {
          // n = north[ty][tx] - jc; s = temp[ty+1][tx] - jc; w = temp[ty][tx-1] - jc; e = east[ty][tx] - jc;
          %a = memref.load %north[%ty, %tx] : memref<16x16xf32, #gpu.address_space<workgroup>>
          %n = arith.subf %a, %jc : f32
          %b = memref.load %temp[%typ1, %tx] : memref<16x16xf32, #gpu.address_space<workgroup>>
          %s = arith.subf %b, %jc : f32
          %c = memref.load %temp[%ty, %txm1] : memref<16x16xf32, #gpu.address_space<workgroup>>
          %w = arith.subf %c, %jc : f32
          %d = memref.load %east[%ty, %tx] : memref<16x16xf32, #gpu.address_space<workgroup>>
          %e = arith.subf %d, %jc : f32
          scf.yield %n, %s, %w, %e : f32, f32, f32, f32
        } else {
          // else if ( ty == BLOCK_SIZE -1 && tx == BLOCK_SIZE - 1) { //se
          %is_se = arith.andi %ty_last, %tx_last : i1
          %r_se:4 = scf.if %is_se -> (f32, f32, f32, f32) {
            // n = temp[ty-1][tx] - jc; s = south[ty][tx] - jc; w = temp[ty][tx-1] - jc; e = east[ty][tx] - jc;
            %a = memref.load %temp[%tym1, %tx] : memref<16x16xf32, #gpu.address_space<workgroup>>
            %n = arith.subf %a, %jc : f32
            %b = memref.load %south[%ty, %tx] : memref<16x16xf32, #gpu.address_space<workgroup>>
            %s = arith.subf %b, %jc : f32
            %c = memref.load %temp[%ty, %txm1] : memref<16x16xf32, #gpu.address_space<workgroup>>
            %w = arith.subf %c, %jc : f32
            %d = memref.load %east[%ty, %tx] : memref<16x16xf32, #gpu.address_space<workgroup>>
            %e = arith.subf %d, %jc : f32
            scf.yield %n, %s, %w, %e : f32, f32, f32, f32
          } else {
            // else if ( ty == BLOCK_SIZE -1 && tx == 0 ) { //sw
            %is_sw = arith.andi %ty_last, %tx_first : i1
            %r_sw:4 = scf.if %is_sw -> (f32, f32, f32, f32) {
              // n = temp[ty-1][tx] - jc; s = south[ty][tx] - jc; w = west[ty][tx] - jc; e = temp[ty][tx+1] - jc;
              %a = memref.load %temp[%tym1, %tx] : memref<16x16xf32, #gpu.address_space<workgroup>>
              %n = arith.subf %a, %jc : f32
              %b = memref.load %south[%ty, %tx] : memref<16x16xf32, #gpu.address_space<workgroup>>
              %s = arith.subf %b, %jc : f32
              %c = memref.load %west[%ty, %tx] : memref<16x16xf32, #gpu.address_space<workgroup>>
              %w = arith.subf %c, %jc : f32
              %d = memref.load %temp[%ty, %txp1] : memref<16x16xf32, #gpu.address_space<workgroup>>
              %e = arith.subf %d, %jc : f32
              scf.yield %n, %s, %w, %e : f32, f32, f32, f32
            } else {
              // else if ( ty == 0 ) { //n
              %r_n:4 = scf.if %ty_first -> (f32, f32, f32, f32) {
                // n = north[ty][tx] - jc; s = temp[ty+1][tx] - jc; w = temp[ty][tx-1] - jc; e = temp[ty][tx+1] - jc;
                %a = memref.load %north[%ty, %tx] : memref<16x16xf32, #gpu.address_space<workgroup>>
                %n = arith.subf %a, %jc : f32
                %b = memref.load %temp[%typ1, %tx] : memref<16x16xf32, #gpu.address_space<workgroup>>
                %s = arith.subf %b, %jc : f32
                %c = memref.load %temp[%ty, %txm1] : memref<16x16xf32, #gpu.address_space<workgroup>>
                %w = arith.subf %c, %jc : f32
                %d = memref.load %temp[%ty, %txp1] : memref<16x16xf32, #gpu.address_space<workgroup>>
                %e = arith.subf %d, %jc : f32
                scf.yield %n, %s, %w, %e : f32, f32, f32, f32
              } else {
                // else if ( tx == BLOCK_SIZE -1 ) { //e
                %r_e:4 = scf.if %tx_last -> (f32, f32, f32, f32) {
                  // n = temp[ty-1][tx] - jc; s = temp[ty+1][tx] - jc; w = temp[ty][tx-1] - jc; e = east[ty][tx] - jc;
                  %a = memref.load %temp[%tym1, %tx] : memref<16x16xf32, #gpu.address_space<workgroup>>
                  %n = arith.subf %a, %jc : f32
                  %b = memref.load %temp[%typ1, %tx] : memref<16x16xf32, #gpu.address_space<workgroup>>
                  %s = arith.subf %b, %jc : f32
                  %c = memref.load %temp[%ty, %txm1] : memref<16x16xf32, #gpu.address_space<workgroup>>
                  %w = arith.subf %c, %jc : f32
                  %d = memref.load %east[%ty, %tx] : memref<16x16xf32, #gpu.address_space<workgroup>>
                  %e = arith.subf %d, %jc : f32
                  scf.yield %n, %s, %w, %e : f32, f32, f32, f32
                } else {
                  // else if ( ty == BLOCK_SIZE -1) { //s
                  %r_s:4 = scf.if %ty_last -> (f32, f32, f32, f32) {
                    // n = temp[ty-1][tx] - jc; s = south[ty][tx] - jc; w = temp[ty][tx-1] - jc; e = temp[ty][tx+1] - jc;
                    %a = memref.load %temp[%tym1, %tx] : memref<16x16xf32, #gpu.address_space<workgroup>>
                    %n = arith.subf %a, %jc : f32
                    %b = memref.load %south[%ty, %tx] : memref<16x16xf32, #gpu.address_space<workgroup>>
                    %s = arith.subf %b, %jc : f32
                    %c = memref.load %temp[%ty, %txm1] : memref<16x16xf32, #gpu.address_space<workgroup>>
                    %w = arith.subf %c, %jc : f32
                    %d = memref.load %temp[%ty, %txp1] : memref<16x16xf32, #gpu.address_space<workgroup>>
                    %e = arith.subf %d, %jc : f32
                    scf.yield %n, %s, %w, %e : f32, f32, f32, f32
                  } else {
                    // else if ( tx == 0 ) { //w
                    %r_w:4 = scf.if %tx_first -> (f32, f32, f32, f32) {
                      // n = temp[ty-1][tx] - jc; s = temp[ty+1][tx] - jc; w = west[ty][tx] - jc; e = temp[ty][tx+1] - jc;
                      %a = memref.load %temp[%tym1, %tx] : memref<16x16xf32, #gpu.address_space<workgroup>>
                      %n = arith.subf %a, %jc : f32
                      %b = memref.load %temp[%typ1, %tx] : memref<16x16xf32, #gpu.address_space<workgroup>>
                      %s = arith.subf %b, %jc : f32
                      %c = memref.load %west[%ty, %tx] : memref<16x16xf32, #gpu.address_space<workgroup>>
                      %w = arith.subf %c, %jc : f32
                      %d = memref.load %temp[%ty, %txp1] : memref<16x16xf32, #gpu.address_space<workgroup>>
                      %e = arith.subf %d, %jc : f32
                      scf.yield %n, %s, %w, %e : f32, f32, f32, f32
                    } else {
                      // else { //the data elements which are not on the borders
                      // n = temp[ty-1][tx] - jc; s = temp[ty+1][tx] - jc; w = temp[ty][tx-1] - jc; e = temp[ty][tx+1] - jc;
                      %a = memref.load %temp[%tym1, %tx] : memref<16x16xf32, #gpu.address_space<workgroup>>
                      %n = arith.subf %a, %jc : f32
                      %b = memref.load %temp[%typ1, %tx] : memref<16x16xf32, #gpu.address_space<workgroup>>
                      %s = arith.subf %b, %jc : f32
                      %c = memref.load %temp[%ty, %txm1] : memref<16x16xf32, #gpu.address_space<workgroup>>
                      %w = arith.subf %c, %jc : f32
                      %d = memref.load %temp[%ty, %txp1] : memref<16x16xf32, #gpu.address_space<workgroup>>
                      %e = arith.subf %d, %jc : f32
                      scf.yield %n, %s, %w, %e : f32, f32, f32, f32
                    }
                    scf.yield %r_w#0, %r_w#1, %r_w#2, %r_w#3 : f32, f32, f32, f32
                  }
                  scf.yield %r_s#0, %r_s#1, %r_s#2, %r_s#3 : f32, f32, f32, f32
                }
                scf.yield %r_e#0, %r_e#1, %r_e#2, %r_e#3 : f32, f32, f32, f32
              }
              scf.yield %r_n#0, %r_n#1, %r_n#2, %r_n#3 : f32, f32, f32, f32
            }
            scf.yield %r_sw#0, %r_sw#1, %r_sw#2, %r_sw#3 : f32, f32, f32, f32
          }
          scf.yield %r_se#0, %r_se#1, %r_se#2, %r_se#3 : f32, f32, f32, f32
        }
        scf.yield %r_ne#0, %r_ne#1, %r_ne#2, %r_ne#3 : f32, f32, f32, f32
      }
      // n, s, w, e are %nswe#0, #1, #2, #3 (and cn, cs, cw, ce are %cnswe#0..3 in srad_cuda_2)
      // g2 = ( n * n + s * s + w * w + e * e ) / (jc * jc);
      %nn = arith.mulf %nswe#0, %nswe#0 : f32
      %ss = arith.mulf %nswe#1, %nswe#1 : f32
      %g2a = arith.addf %nn, %ss : f32
      %ww = arith.mulf %nswe#2, %nswe#2 : f32
      %g2b = arith.addf %g2a, %ww : f32
      %ee = arith.mulf %nswe#3, %nswe#3 : f32
      %g2c = arith.addf %g2b, %ee : f32
      %jcjc = arith.mulf %jc, %jc : f32
      %g2 = arith.divf %g2c, %jcjc : f32
      // l = ( n + s + w + e ) / jc;
      %la = arith.addf %nswe#0, %nswe#1 : f32
      %lb = arith.addf %la, %nswe#2 : f32
      %lc = arith.addf %lb, %nswe#3 : f32
      %l = arith.divf %lc, %jc : f32
      // num  = (0.5*g2) - ((1.0/16.0)*(l*l)) ;
      %g2d = arith.extf %g2 : f32 to f64
      %half_g2 = arith.mulf %d_half, %g2d : f64
      %sixteenth = arith.divf %d_one, %d_sixteen : f64
      %ll = arith.mulf %l, %l : f32
      %lld = arith.extf %ll : f32 to f64
      %ll16 = arith.mulf %sixteenth, %lld : f64
      %num_d = arith.subf %half_g2, %ll16 : f64
      %num = arith.truncf %num_d : f64 to f32
      // den  = 1 + (.25*l);
      %ld = arith.extf %l : f32 to f64
      %quarter_l = arith.mulf %d_quarter, %ld : f64
      %den1_d = arith.addf %d_one, %quarter_l : f64
      %den1 = arith.truncf %den1_d : f64 to f32
      // qsqr = num/(den*den);
      %dd = arith.mulf %den1, %den1 : f32
      %qsqr = arith.divf %num, %dd : f32
      // den = (qsqr-q0sqr) / (q0sqr * (1+q0sqr)) ;
      %qdiff = arith.subf %qsqr, %q0sqr : f32
      %q1 = arith.addf %f1, %q0sqr : f32
      %qq = arith.mulf %q0sqr, %q1 : f32
      %den2 = arith.divf %qdiff, %qq : f32
      // c = 1.0 / (1.0+den) ;
      %den2d = arith.extf %den2 : f32 to f64
      %cden = arith.addf %d_one, %den2d : f64
      %c_d = arith.divf %d_one, %cden : f64
      %c = arith.truncf %c_d : f64 to f32
      // if (c < 0){temp_result[ty][tx] = 0;}
      // else if (c > 1) {temp_result[ty][tx] = 1;}
      // else {temp_result[ty][tx] = c;}
      %c_neg = arith.cmpf olt, %c, %f0 : f32
      scf.if %c_neg {
        memref.store %f0, %temp_result[%ty, %tx] : memref<16x16xf32, #gpu.address_space<workgroup>>
      } else {
        %c_big = arith.cmpf ogt, %c, %f1 : f32
        scf.if %c_big {
          memref.store %f1, %temp_result[%ty, %tx] : memref<16x16xf32, #gpu.address_space<workgroup>>
        } else {
          memref.store %c, %temp_result[%ty, %tx] : memref<16x16xf32, #gpu.address_space<workgroup>>
        }
      }
      // __syncthreads();
      gpu.barrier
      // C_cuda[index] = temp_result[ty][tx];
      %cres = memref.load %temp_result[%ty, %tx] : memref<16x16xf32, #gpu.address_space<workgroup>>
      memref.store %cres, %C_cuda[%index] : memref<?xf32>
      // E_C[index] = e; W_C[index] = w; S_C[index] = s; N_C[index] = n;
      memref.store %nswe#3, %E_C[%index] : memref<?xf32>
      memref.store %nswe#2, %W_C[%index] : memref<?xf32>
      memref.store %nswe#1, %S_C[%index] : memref<?xf32>
      memref.store %nswe#0, %N_C[%index] : memref<?xf32>
      gpu.return
    }
  }
}
