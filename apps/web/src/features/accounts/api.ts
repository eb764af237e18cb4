export * from '../../data/accounts';
