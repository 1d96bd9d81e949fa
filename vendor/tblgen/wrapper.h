#include <TableGen.h>
