# A matrix product as a sum over k: A's row is read by every thread of a block row, B's
# column by every thread of a block column.
array A[96, 64] = random 4
array B[64, 128] = random 5
array C[96, 128]
C[i, j] = sum(k, A[i, k] * B[k, j])
