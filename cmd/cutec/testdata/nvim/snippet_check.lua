-- snippet_check.lua: checks the Neovim 0.7 snippet of docs/lsp.md, which
-- the test loads first, on the two buffers it opened (the second holds a
-- non-canonical spelling). It writes to OUT "clients N" (cutec clients
-- running), "attached I J" (the client of each buffer), the second buffer's
-- first line after vim.lsp.buf.formatting_sync(), and "done".
local out = {}
local function finish()
  local f = assert(io.open(os.getenv('OUT'), 'w'))
  f:write(table.concat(out, '\n'), '\n')
  f:close()
  vim.cmd('qa!')
end

local bufs = {}
for _, b in ipairs(vim.api.nvim_list_bufs()) do
  if vim.api.nvim_buf_get_name(b):match('%.cute$') then table.insert(bufs, b) end
end
local function attached(b)
  for id, _ in pairs(vim.lsp.buf_get_clients(b)) do return id end
  return nil
end
vim.wait(20000, function()
  for _, b in ipairs(bufs) do
    local id = attached(b)
    if not id or not vim.lsp.get_client_by_id(id).initialized then return false end
  end
  return #bufs == 2
end, 50)
local n = 0
for _, c in pairs(vim.lsp.get_active_clients()) do
  if c.name == 'cutec' then n = n + 1 end
end
table.insert(out, 'clients ' .. n)
table.insert(out, 'attached ' .. tostring(attached(bufs[1])) .. ' ' .. tostring(attached(bufs[2])))
vim.api.nvim_set_current_buf(bufs[2])
vim.lsp.buf.formatting_sync(nil, 20000)
table.insert(out, vim.api.nvim_buf_get_lines(bufs[2], 0, 1, false)[1])
for _, c in pairs(vim.lsp.get_active_clients()) do c.stop() end
table.insert(out, 'done')
finish()
