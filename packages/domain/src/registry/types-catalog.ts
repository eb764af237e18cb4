import { bool, bizDate, files, int, money, qty, rate, ref, text } from './codecs.js';
import { siteRecord } from './define.js';

/** Vendors, items, services, tags and quotations (modules/catalog, vendors, quotations). */
export const CATALOG_TYPES = [
  siteRecord({
    collection: 'items',
    page: {
      path: '/items',
      key: 'items',
      order: 10,
      listPage: 'items/items-page',
      detailPage: 'items/item-detail-page',
      icon: 'Package',
      shortcut: 'i',
      tour: { add: 'item-add', toolbar: 'items-toolbar', table: 'items-table' },
    },
    description: 'Materials bought for the site, with computed stock and prices.',
    planResource: true,
    audit: { entity: 'items' },
    nameField: 'name',
    list: {
      sorts: ['name', 'unit', 'created', 'updated'],
      filters: ['unit'],
      search: ['name', 'description'],
    },
    fields: {
      name: text(),
      description: text(),
      unit: text(),
      hsn_code: text(),
      gst_rate: rate(),
      min_stock_level: qty({ label: 'Minimum stock level' }),
    },
    tables: [
      {
        table: 'item_tags',
        rowKey: 'item',
        fields: { item: ref('items'), tag: ref('tags') },
        shownIn: ['items', 'tags'],
      },
      {
        table: 'gst_rate_periods',
        fields: {
          item: ref('items'),
          service: ref('services'),
          gst_rate: rate(),
          effective_from: bizDate(),
        },
      },
    ],
  }),
  siteRecord({
    collection: 'vendors',
    page: {
      path: '/vendors',
      key: 'vendors',
      order: 30,
      listPage: 'vendors/vendors-page',
      detailPage: 'vendors/vendor-detail-page',
      icon: 'Store',
      shortcut: 'v',
      tour: { add: 'vendor-add', toolbar: 'vendors-toolbar', table: 'vendors-table' },
    },
    description: 'Suppliers and contractors, with computed billed, paid, outstanding and credit.',
    planResource: true,
    audit: { entity: 'vendors' },
    nameField: 'name',
    list: {
      sorts: ['name', 'company_name', 'contact_person', 'created', 'updated'],
      filters: [],
      search: ['name', 'company_name', 'contact_person', 'phone', 'gstin'],
    },
    fields: {
      name: text(),
      company_name: text(),
      contact_person: text(),
      email: text(),
      phone: text(),
      address: text(),
      payment_details: text(),
      gstin: text(),
      // Bills and GST certificates: vendors alone accept PDFs.
      files: files({ pdf: true }),
      state_code: text(),
      registration_type: text(),
    },
    tables: [
      {
        table: 'vendor_tags',
        shownIn: ['vendors', 'tags'],
        rowKey: 'vendor',
        fields: { vendor: ref('vendors'), tag: ref('tags') },
      },
    ],
  }),
] as const;

/** Counted after deliveries, bookings, payments, accounts and returns (PLAN_RESOURCES' order). */
export const CATALOG_LATE_TYPES = [
  siteRecord({
    collection: 'services',
    page: {
      path: '/services',
      key: 'services',
      order: 20,
      listPage: 'services/services-page',
      detailPage: 'services/service-detail-page',
      icon: 'Wrench',
      shortcut: 's',
      tour: { add: 'service-add', toolbar: 'services-toolbar', table: 'services-table' },
    },
    description: 'Services hired for the site (labour, machines), with a standard rate.',
    planResource: true,
    audit: { entity: 'services' },
    nameField: 'name',
    list: {
      sorts: ['name', 'category', 'unit', 'standard_rate', 'is_active', 'created', 'updated'],
      filters: ['category', 'unit'],
      search: ['name', 'description', 'service_type'],
    },
    fields: {
      name: text(),
      description: text(),
      category: text(),
      service_type: text(),
      unit: text(),
      standard_rate: money(),
      is_active: bool({ label: 'Active' }),
      sac_code: text(),
      gst_rate: rate(),
    },
    tables: [
      {
        table: 'service_tags',
        rowKey: 'service',
        fields: { service: ref('services'), tag: ref('tags') },
        shownIn: ['services', 'tags'],
      },
    ],
  }),
  siteRecord({
    collection: 'tags',
    shownIn: ['items', 'services', 'vendors'],
    description: 'Labels on items, services and vendors, with a palette colour.',
    audit: { entity: 'tags' },
    nameField: 'name',
    list: {
      sorts: ['usage_count', 'name', 'created', 'type'],
      defaultSort: '-usage_count,name',
      filters: ['type'],
      search: ['name'],
    },
    fields: {
      name: text(),
      color: text(),
      type: text(),
      usage_count: int(),
    },
  }),
  siteRecord({
    collection: 'quotations',
    shownIn: ['items', 'services'],
    page: {
      path: '/quotations',
      key: 'quotations',
      order: 60,
      listPage: 'quotations/quotations-page',
      icon: 'FileText',
      shortcut: 'q',
    },
    description: "A vendor's quoted price for an item or a service.",
    audit: { entity: 'quotations' },
    list: {
      sorts: ['created', 'updated', 'unit_price', 'valid_until', 'status', 'quotation_type'],
      filters: ['vendor', 'item', 'service', 'quotation_type'],
      search: ['notes'],
      date: 'valid_until',
    },
    fields: {
      vendor: ref('vendors'),
      quotation_type: text(),
      item: ref('items'),
      service: ref('services'),
      unit_price: money(),
      minimum_quantity: qty(),
      valid_until: bizDate(),
      notes: text(),
      status: text(),
    },
  }),
] as const;
