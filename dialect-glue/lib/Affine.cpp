//===- Affine.cpp - affine loops and accesses as scf and memref ----*- C++ -*-===//
//
// What `-lower-affine` makes of a kernel's `affine.for`, `affine.load` and
// `affine.store`, keeping their index arithmetic as `affine.apply` (and a
// bound of several results as `affine.max`/`affine.min`), which gpu-mem-opt's
// access analysis reads like the maps themselves: `affine.for` becomes
// `scf.for` (its lower bound the max of its lower map's results, its upper
// bound the min of its upper map's, its step and iteration arguments kept),
// `affine.load %m[map(operands)]` becomes `memref.load %m[apply(result_i)]`,
// and likewise stores; a result that is one operand is used as it is. Rust
// decides which kernels (only those with no other affine op that needs its
// operands to stay affine dimensions, `facts::affine`); this only rewrites.
//
//===----------------------------------------------------------------------===//

#include "gpu-mem-opt.h"

#include "mlir/CAPI/IR.h"
#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

using namespace mlir;

namespace {

/// The `index`-th result of `map` over `operands`, built at `builder`: the operand itself when
/// the result is one dimension or symbol, else an `affine.apply`.
Value result(OpBuilder &builder, Location location, AffineMap map, unsigned index,
             ValueRange operands) {
  AffineExpr expression = map.getResult(index);
  if (auto dimension = dyn_cast<AffineDimExpr>(expression))
    return operands[dimension.getPosition()];
  if (auto symbol = dyn_cast<AffineSymbolExpr>(expression))
    return operands[map.getNumDims() + symbol.getPosition()];
  return affine::AffineApplyOp::create(builder, location, map.getSubMap({index}),
                                       operands);
}

/// Every result of `map` over `operands`.
SmallVector<Value> results(OpBuilder &builder, Location location, AffineMap map,
                           ValueRange operands) {
  SmallVector<Value> values;
  for (unsigned index = 0; index < map.getNumResults(); ++index)
    values.push_back(result(builder, location, map, index, operands));
  return values;
}

/// A loop bound: the map's one result, or the max (lower) or min (upper) of several.
Value bound(OpBuilder &builder, Location location, AffineMap map, ValueRange operands,
            bool lower) {
  if (map.getNumResults() == 1) {
    if (map.isSingleConstant())
      return arith::ConstantIndexOp::create(builder, location,
                                            map.getSingleConstantResult());
    return result(builder, location, map, 0, operands);
  }
  if (lower)
    return affine::AffineMaxOp::create(builder, location, map, operands);
  return affine::AffineMinOp::create(builder, location, map, operands);
}

/// `loop` as an `scf.for` with the same body.
void lowerFor(affine::AffineForOp loop) {
  OpBuilder builder(loop);
  Location location = loop.getLoc();
  Value lower = bound(builder, location, loop.getLowerBoundMap(),
                      loop.getLowerBoundOperands(), true);
  Value upper = bound(builder, location, loop.getUpperBoundMap(),
                      loop.getUpperBoundOperands(), false);
  Value step = arith::ConstantIndexOp::create(builder, location, loop.getStepAsInt());
  auto replacement =
      scf::ForOp::create(builder, location, lower, upper, step, loop.getInits());
  replacement.getRegion().takeBody(loop.getRegion());
  Operation *terminator = replacement.getBody()->getTerminator();
  OpBuilder end(terminator);
  scf::YieldOp::create(end, terminator->getLoc(), terminator->getOperands());
  terminator->erase();
  loop.replaceAllUsesWith(replacement.getResults());
  loop.erase();
}

} // namespace

extern "C" MlirLogicalResult gpuMemOptLowerAffine(MlirOperation kernel) {
  SmallVector<affine::AffineForOp> loops;
  SmallVector<affine::AffineLoadOp> loads;
  SmallVector<affine::AffineStoreOp> stores;
  unwrap(kernel)->walk([&](Operation *operation) {
    if (auto loop = dyn_cast<affine::AffineForOp>(operation))
      loops.push_back(loop);
    else if (auto load = dyn_cast<affine::AffineLoadOp>(operation))
      loads.push_back(load);
    else if (auto store = dyn_cast<affine::AffineStoreOp>(operation))
      stores.push_back(store);
  });
  for (affine::AffineLoadOp load : loads) {
    OpBuilder builder(load);
    SmallVector<Value> indices = results(builder, load.getLoc(), load.getAffineMap(),
                                         load.getMapOperands());
    auto replacement =
        memref::LoadOp::create(builder, load.getLoc(), load.getMemRef(), indices);
    load.replaceAllUsesWith(replacement.getResult());
    load.erase();
  }
  for (affine::AffineStoreOp store : stores) {
    OpBuilder builder(store);
    SmallVector<Value> indices = results(builder, store.getLoc(), store.getAffineMap(),
                                         store.getMapOperands());
    memref::StoreOp::create(builder, store.getLoc(), store.getValueToStore(),
                            store.getMemRef(), indices);
    store.erase();
  }
  // Inner loops first (the walk visits them first): each outer loop's body then holds only
  // scf.
  for (affine::AffineForOp loop : loops)
    lowerFor(loop);
  return mlirLogicalResultSuccess();
}
