import { describe, expect, it } from 'vitest';
import { bookingBodies, bookingSchema, bookingTotalPaise } from './booking-form';
import { formatDateRange } from './format-date';

const message = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? null : (result.error?.issues[0]?.message ?? null);

const valid = {
  service: 's',
  vendor: 'v',
  start_date: '2025-06-03',
  end_date: '',
  duration: 9.25,
  unit_rate: 1200,
  percent_completed: 50,
  status: 'scheduled' as const,
  notes: '',
  gst_rate: null,
  supplier_invoice_number: '',
  supplier_invoice_date: '',
};

describe('booking form', () => {
  it("takes the domain's notes limit (2000 characters) and trims the notes", () => {
    expect(message(bookingSchema.safeParse({ ...valid, notes: 'n'.repeat(2001) }))).toBe(
      'validation.tooLong',
    );
    const parsed = bookingSchema.parse({ ...valid, notes: '  Tiling done ' });
    expect(parsed.notes).toBe('Tiling done');
  });

  it('sends a booking with payments without its service, vendor and start date', () => {
    const values = bookingSchema.parse(valid);
    expect(bookingBodies(values, false).update).toEqual(bookingBodies(values, false).create);
    expect(bookingBodies(values, true).update).toEqual({
      end_date: null,
      duration: 9.25,
      unit_rate: 1200,
      percent_completed: 50,
      status: 'scheduled',
      notes: null,
      gst_rate: null,
      supplier_invoice_number: null,
      supplier_invoice_date: null,
    });
  });

  it('sends the supplier invoice (issue 40), trimmed; blank clears it', () => {
    const values = bookingSchema.parse({
      ...valid,
      supplier_invoice_number: ' LAB/17 ',
      supplier_invoice_date: '2025-06-04',
    });
    expect(bookingBodies(values, true).update).toMatchObject({
      supplier_invoice_number: 'LAB/17',
      supplier_invoice_date: '2025-06-04',
    });
    expect(bookingSchema.safeParse({ ...valid, supplier_invoice_date: '04-06-2025' }).success).toBe(
      false,
    );
  });

  it('sends the GST rate, and null for "No GST" (not left out: that would take the default)', () => {
    const rated = bookingSchema.parse({ ...valid, gst_rate: 18 });
    expect(bookingBodies(rated, false).create.gst_rate).toBe(18);
    expect(bookingBodies(rated, true).update.gst_rate).toBe(18);
    const none = bookingBodies(bookingSchema.parse(valid), false).create;
    expect(none).toHaveProperty('gst_rate', null);
    expect(bookingSchema.safeParse({ ...valid, gst_rate: 17 }).success).toBe(false);
  });

  it('computes the live total in paise', () => {
    expect(bookingTotalPaise(9.25, 1200)).toBe(1_110_000);
    expect(bookingTotalPaise(0.333, 1000.01)).toBe(33_300); // ₹333.003 → ₹333.00
    expect(bookingTotalPaise(undefined, 1200)).toBeNull();
  });

  it('checks dates, percent and required choices', () => {
    expect(bookingSchema.safeParse(valid).success).toBe(true);
    expect(message(bookingSchema.safeParse({ ...valid, end_date: '2025-06-02' }))).toBe(
      'serviceBookings.validation.endBeforeStart',
    );
    expect(message(bookingSchema.safeParse({ ...valid, percent_completed: 101 }))).toBe(
      'serviceBookings.validation.percentRange',
    );
    expect(message(bookingSchema.safeParse({ ...valid, percent_completed: 12.5 }))).toBe(
      'serviceBookings.validation.percentWhole',
    );
    expect(message(bookingSchema.safeParse({ ...valid, service: '' }))).toBe(
      'serviceBookings.validation.serviceRequired',
    );
  });

  it('formats a date span compactly', () => {
    expect(formatDateRange('2025-06-03', null, 'en')).toBe('3 Jun 2025');
    expect(formatDateRange('2025-06-01', '2025-06-30', 'en')).toBe('1 Jun – 30 Jun 2025');
    expect(formatDateRange('2024-12-28', '2025-01-04', 'en')).toBe('28 Dec 2024 – 4 Jan 2025');
  });
});
