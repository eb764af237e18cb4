/** Deliveries, and the open purchase orders goods are received against. */
export * from '../../data/deliveries';
export {
  useOpenPurchaseOrders,
  usePurchaseOrderToReceive as usePurchaseOrder,
} from '../../data/purchase-orders';
