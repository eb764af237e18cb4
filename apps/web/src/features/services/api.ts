export * from '../../data/services';
