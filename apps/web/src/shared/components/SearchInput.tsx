import { SearchOutlined } from '@ant-design/icons';
import { Input } from 'antd';

interface SearchInputProps {
  /** The list's search state (useListParams): typing updates it, the hook debounces the query. */
  list: { searchText: string; setSearchText: (text: string) => void };
  placeholder: string;
  width?: number;
  testId?: string;
}

/** The free-text search box every list page puts first in its filters. */
export function SearchInput({ list, placeholder, width = 240, testId }: SearchInputProps) {
  return (
    <Input
      allowClear
      prefix={<SearchOutlined />}
      placeholder={placeholder}
      value={list.searchText}
      onChange={(e) => list.setSearchText(e.target.value)}
      style={{ width }}
      data-testid={testId}
    />
  );
}
