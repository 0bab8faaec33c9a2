import { render } from 'preact';
import { App } from './App';
import './theme/themes.css';
import './styles.css';
import './components/components.css';

const root = document.getElementById('root');
if (root) render(<App />, root);
