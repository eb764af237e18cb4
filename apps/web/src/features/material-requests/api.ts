export * from '../../data/material-requests';
