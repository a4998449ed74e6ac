import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { PageApi } from './lib/api';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');
createRoot(root).render(
  <StrictMode>
    <App api={new PageApi(window.sessionStorage, window.location.origin)} />
  </StrictMode>,
);
