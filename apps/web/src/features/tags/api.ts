export * from '../../data/tags';
