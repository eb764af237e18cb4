export * from '../../data/vendor-returns';
