export * from '../../data/quotations';
