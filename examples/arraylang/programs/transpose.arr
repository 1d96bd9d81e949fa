# A transpose, written the obvious way: thread (i, j) reads A[j, i], so a warp's 32 reads
# are 1024 elements apart. gpu-mem-opt stages the read through a shared tile.
array A[1024, 1024] = random 1
array B[1024, 1024]
B[i, j] = A[j, i]
