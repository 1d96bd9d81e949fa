# A 5-point Jacobi step on the interior (the edges keep their zeros): neighbouring threads
# re-read each other's elements.
array A[130, 258] = random 3
array B[130, 258]
B[i, j] = 0.2 * (A[i, j] + A[i-1, j] + A[i+1, j] + A[i, j-1] + A[i, j+1])
