export * from '../../data/items';
