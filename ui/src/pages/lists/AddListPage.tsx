import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocation } from 'wouter-preact';
import { listPath, listsApi } from '../../api/lists';
import { refreshAfterWrite } from '../../api/viewerCache';
import { CreationPage } from '../../components/CreationPage';
import { SubmitRow } from '../../components/SubmitRow';
import { useSubmit } from '../../lib/useFormFields';
import { ListFields, NEW_LIST } from './ListFields';
import './lists.css';

/** /add-list: a new list's title, description, order and visibility, then its page. */
export function AddListPage() {
  const client = useQueryClient();
  const [, navigate] = useLocation();
  const [details, setDetails] = useState(NEW_LIST);
  const { pending, error, onSubmit } = useSubmit(async () => {
    const list = await listsApi.create({ ...details, title: details.title.trim(), description: details.description.trim() });
    await refreshAfterWrite(client);
    navigate(listPath(list));
  });
  return (
    <CreationPage screen="add-list" title="New List" reason="to make lists of albums.">
      <form class="form" onSubmit={onSubmit}>
        <ListFields details={details} onChange={setDetails} />
        <SubmitRow pending={pending} error={error} label="Create list" />
      </form>
    </CreationPage>
  );
}
