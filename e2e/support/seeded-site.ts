import { gstinCheckChar } from '@siteledger/domain';
import { createAccountWithSite, type TestAccount } from './accounts';
import { api, request } from './http';

/** One record of every kind that has a page of its own, on a site with lakhs of rupees in it. */
export interface SeededSite {
  owner: TestAccount;
  otherSiteId: string;
  /** `:id` of each detail route (routes.tsx), by the route's path. */
  detailIds: Record<string, string>;
}

interface Created {
  id: string;
}
interface Line {
  id: string;
}

/**
 * An owner's site with items, a vendor, a service and a booking, a quotation, an approved request
 * and an issued purchase order half received, deliveries, an account, a payment, a credit note, a
 * vendor return, a consumption and a transfer to a second site that arrived short. Amounts run to
 * crores, as a large site's do, so a figure too wide for a phone shows.
 */
export async function seedSite(baseUrl: string, name: string): Promise<SeededSite> {
  const owner = await createAccountWithSite(baseUrl, name);
  const post = <T = Created>(route: string, body: unknown) =>
    api<T>(baseUrl, owner, 'POST', route, body);
  const other = await request<Created>(baseUrl, owner.token, 'POST', '/api/sites', {
    name: 'Lake View Villas Phase II',
    total_units: 4,
    total_planned_area: 900,
  });

  const cement = await post('/items', { name: 'Cement OPC 53 grade', unit: 'bag', gst_rate: 28 });
  const steel = await post('/items', { name: 'TMT steel Fe 500D', unit: 'kg', gst_rate: 18 });
  // GST-registered, in the site's state: its bills carry CGST + SGST.
  await api(baseUrl, owner, 'PATCH', '', { state_code: '27' });
  const gstinBody = '27AABCS1429B1Z';
  const vendor = await post('/vendors', {
    name: 'Shree Balaji Cement & Steel Traders',
    gstin: gstinBody + gstinCheckChar(gstinBody),
  });
  const service = await post('/services', {
    name: 'JCB excavator',
    category: 'equipment',
    unit: 'hour',
    standard_rate: 1200,
  });
  await post('/service_bookings', {
    service: service.id,
    vendor: vendor.id,
    start_date: '2026-11-03',
    end_date: '2026-11-03',
    duration: 9.25,
    unit_rate: 1200,
    percent_completed: 100,
    status: 'completed',
  });
  await post('/quotations', {
    vendor: vendor.id,
    quotation_type: 'item',
    item: cement.id,
    unit_price: 385,
    minimum_quantity: 100,
    valid_until: '2099-12-31',
  });
  const delivery = await post('/deliveries', {
    vendor: vendor.id,
    delivery_date: '2026-11-05',
    delivery_reference: 'INV/26-27/01184',
    delivery_items: [
      { item: cement.id, quantity: 12000, unit_price: 385.5 },
      { item: steel.id, quantity: 150000, unit_price: 68.4 },
    ],
  });
  const requestRecord = await post('/material_requests', {
    items: [{ item: cement.id, quantity: 20000 }],
    notes: 'For the 3rd floor slab',
    submit: true,
  });
  const order = await post<Created & { lines: Line[] }>('/purchase_orders', {
    vendor: vendor.id,
    material_request: requestRecord.id,
    lines: [{ item: cement.id, quantity: 20000, unit_price: 395.75 }],
  });
  await post(`/purchase_orders/${order.id}/issue`, {});
  await post('/deliveries', {
    vendor: vendor.id,
    delivery_date: '2026-11-10',
    delivery_reference: 'INV/26-27/01202',
    delivery_items: [
      {
        item: cement.id,
        quantity: 5000,
        unit_price: 395.75,
        purchase_order_line: order.lines[0]!.id,
      },
    ],
  });
  // A subcontractor's work order in crores, issued and billed once (issue 43).
  const contractorGstin = '27AAPFR1234K1Z';
  const contractor = await post('/vendors', {
    name: 'Ramesh Infra Projects and Constructions LLP',
    gstin: contractorGstin + gstinCheckChar(contractorGstin),
    tds_section: '194C',
  });
  const workOrder = await post<Created & { lines: Line[] }>('/work_orders', {
    vendor: contractor.id,
    title: 'RCC frame and brickwork, towers A and B, including shuttering and curing',
    retention_percent: 5,
    advance_amount: 2500000,
    advance_recovery_percent: 10,
    gst_rate: 18,
    lines: [
      {
        description: 'RCC M25 in columns, beams and slabs',
        unit: 'cum',
        quantity: 4250.5,
        rate: 6850.75,
      },
      { description: '230 mm brick masonry in CM 1:6', unit: 'cum', quantity: 1800, rate: 5600 },
    ],
  });
  await post(`/work_orders/${workOrder.id}/issue`, {});
  await post('/ra_bills', {
    work_order: workOrder.id,
    bill_date: '2026-11-18',
    lines: [{ work_order_line: workOrder.lines[0]!.id, cumulative_quantity: 1250.25 }],
  });
  // A week's muster of long names and a gang, and its wage sheet (issue 44).
  const mason = await post('/workers', {
    name: 'Venkataramanasubramaniam Chandrasekharan',
    trade: 'Mason (shuttering carpenter)',
    daily_wage: 1250.5,
  });
  const gang = await post('/workers', {
    name: 'Sri Lakshmi Narasimha labour gang',
    trade: 'Helpers',
    daily_wage: 650,
    headcount: 24,
    labour_contractor: contractor.id,
  });
  await post('/attendance', {
    date: '2026-11-16',
    entries: [
      { worker: mason.id, fraction: 1, ot_hours: 2.5 },
      { worker: gang.id, fraction: 1, headcount: 22 },
    ],
  });
  const wageSheet = await post('/wage_sheets', { from: '2026-11-16', to: '2026-11-22' });
  const account = await post('/accounts', {
    name: 'HDFC Bank current account',
    type: 'bank',
    opening_balance: 98765432.1,
  });
  await post('/payments', {
    vendor: vendor.id,
    account: account.id,
    amount: 1234567.89,
    payment_date: '2026-11-12',
    reference: 'UTR HDFCR52026111200001',
  });
  await post('/vendor_credit_notes', {
    vendor: vendor.id,
    credit_amount: 30000,
    issue_date: '2026-11-13',
    reference: 'CN-7',
    reason: 'Rate difference',
  });
  const returnable = await api<{ items: { delivery_item: string }[] }>(
    baseUrl,
    owner,
    'GET',
    `/returnable_items?vendor=${vendor.id}`,
  );
  await post('/vendor_returns', {
    vendor: vendor.id,
    return_date: '2026-11-14',
    reason: 'excess_delivery',
    items: [
      {
        delivery_item: returnable.items[0]!.delivery_item,
        quantity_returned: 10,
        return_rate: 385.5,
        condition: 'unopened',
      },
    ],
  });
  const consumption = await post('/stock_consumptions', {
    item: cement.id,
    quantity: 1250.5,
    consumption_date: '2026-11-15',
    used_for: 'Slab casting, tower B, 3rd floor',
  });
  const transfer = await post<Created & { lines: Line[] }>('/stock_transfers', {
    to_site: other.id,
    transfer_date: '2026-11-16',
    lines: [
      { item: cement.id, quantity: 1000 },
      { item: steel.id, quantity: 25000.5 },
    ],
  });
  await request(
    baseUrl,
    owner.token,
    'POST',
    `/api/sites/${other.id}/stock_transfers/${transfer.id}/receive`,
    {
      lines: [
        { id: transfer.lines[0]!.id, received_quantity: 987.25 },
        { id: transfer.lines[1]!.id, received_quantity: 24000 },
      ],
    },
  );

  return {
    owner,
    otherSiteId: other.id,
    detailIds: {
      '/items/:id': cement.id,
      '/services/:id': service.id,
      '/vendors/:id': vendor.id,
      '/deliveries/:id': delivery.id,
      '/material-requests/:id': requestRecord.id,
      '/purchase-orders/:id': order.id,
      '/work-orders/:id': workOrder.id,
      '/wage-sheets/:id': wageSheet.id,
      '/stock/:id': consumption.id,
      '/accounts/:id': account.id,
      '/stock/transfers/:id': transfer.id,
    },
  };
}
